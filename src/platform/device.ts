import { DEVICE_ID_PATTERN } from '@contract/device'
import { storage } from './storage'

/** The storage key of the device id (kept across reloads and sign-outs; not one of the user store's keys). */
export const DEVICE_KEY = 'deviceId'

let current: string | undefined

/** 32 hex characters: the platform's random numbers where it has them (H5), else Math.random (the mini-program). */
function makeId(): string {
  const bytes = new Uint8Array(16)
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  if (c?.getRandomValues) c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * This device's id for the shop's visitor count: read from storage, made and stored on the first call. A value
 * that is not one the shop makes is replaced. If storage refuses the write, the id still holds for this run.
 */
export function deviceId(): string {
  if (current) return current
  const kept = storage.get<string>(DEVICE_KEY)
  if (typeof kept === 'string' && DEVICE_ID_PATTERN.test(kept)) return (current = kept)
  current = makeId()
  try {
    storage.set(DEVICE_KEY, current)
  } catch {
    // Storage full or unavailable: the id is counted again on the next run, nothing else breaks.
  }
  return current
}
