import crypto from 'node:crypto'
import type { TestApp } from './helpers'

/** Multipart upload through the real /api/upload route; returns the envelope. */
export async function uploadFile(t: TestApp, token: string, buf: Buffer, filename: string, mime: string) {
  const boundary = `----content${crypto.randomBytes(6).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({ method: 'POST', url: '/h5/api/upload?p=3', payload, headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` } })
  return res.json()
}

/** A minimal MP4 header (ftyp + moov/mvhd) that declares the given duration. */
export function fakeMp4(seconds: number): Buffer {
  const ftyp = Buffer.alloc(16)
  ftyp.writeUInt32BE(16, 0)
  ftyp.write('ftypisom', 4, 'latin1')
  ftyp.writeUInt32BE(0x200, 12)
  const mvhd = Buffer.alloc(108)
  mvhd.writeUInt32BE(108, 0)
  mvhd.write('mvhd', 4, 'latin1')
  mvhd.writeUInt32BE(0, 8) // version 0, flags
  mvhd.writeUInt32BE(1000, 20) // timescale
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 24) // duration
  const moov = Buffer.alloc(8)
  moov.writeUInt32BE(8 + mvhd.length, 0)
  moov.write('moov', 4, 'latin1')
  return Buffer.concat([ftyp, moov, mvhd, Buffer.alloc(64, 1)])
}

/** A tiny valid PNG (1x1). */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
