import crypto from 'node:crypto'
import { AppError, ErrorCode } from '../../errors'

/**
 * Settings secrets at rest (WeChat app secrets, the Pay v3 key and private key): AES-256-GCM with a key from
 * SETTINGS_KEY (its SHA-256, so any string of at least 32 characters serves), a random 12-byte IV per value.
 * Stored as `enc:v1:<iv>:<tag>:<ciphertext>` (base64). Without the key nothing secret is saved.
 */
export const MIN_KEY_CHARS = 32
const PREFIX = 'enc:v1:'

export function settingsKeyProblem(key: string): string | null {
  if (!key) return '服务器还没有设置加密密钥，暂时不能保存密钥和证书。请联系部署人员设置后重启商城'
  if (key.length < MIN_KEY_CHARS) return '服务器的加密密钥太短，暂时不能保存密钥和证书。请联系部署人员更换后重启商城'
  return null
}

const keyOf = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest()

export function encryptSecret(key: string, plain: string): string {
  const problem = settingsKeyProblem(key)
  if (problem) throw new AppError(ErrorCode.BAD_REQUEST, problem)
  const iv = crypto.randomBytes(12)
  const c = crypto.createCipheriv('aes-256-gcm', keyOf(key), iv)
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()])
  return `${PREFIX}${iv.toString('base64')}:${c.getAuthTag().toString('base64')}:${data.toString('base64')}`
}

/** The plain value; null when the key is missing or wrong (the value then counts as not set). */
export function decryptSecret(key: string, stored: string): string | null {
  if (!stored.startsWith(PREFIX) || settingsKeyProblem(key)) return null
  const [iv, tag, data] = stored.slice(PREFIX.length).split(':')
  try {
    const d = crypto.createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(iv, 'base64'))
    d.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]).toString('utf8')
  } catch {
    return null
  }
}

/**
 * What the console and the audit log may see of a secret: a fingerprint only (the first 8 hex of SHA-256 over a
 * fixed label and the value), enough to tell whether it changed and never any of its characters.
 */
export function secretHint(plain: string): string {
  return `指纹 ${crypto.createHash('sha256').update('mall-secret-fingerprint:').update(plain, 'utf8').digest('hex').slice(0, 8)}`
}
