import crypto from 'node:crypto'

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 6 digits, 30-second steps, what
 * every authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, 腾讯身份验证器 …) reads
 * from an otpauth:// link. A code is accepted for the step before and after the current one (clock drift).
 */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_S = 30
export const TOTP_DRIFT_STEPS = 1

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding (how authenticator apps take secrets). */
export function base32Encode(buf: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of buf) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(s: string): Buffer {
  const clean = s.toUpperCase().replace(/[\s=-]/g, '')
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch)
    if (i < 0) throw new Error('not base32')
    value = (value << 5) | i
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => base32Encode(crypto.randomBytes(20))

export const stepAt = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_S)

/** HOTP value of one counter step (RFC 4226 section 5.3, dynamic truncation). */
export function hotp(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3]
  return String(bin % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0')
}

export const totpAt = (secret: string, now = Date.now()) => hotp(secret, stepAt(now))

/** The step a code belongs to (current ± TOTP_DRIFT_STEPS), or null. Compared in constant time. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const current = stepAt(now)
  let found: number | null = null
  for (let d = -TOTP_DRIFT_STEPS; d <= TOTP_DRIFT_STEPS; d++) {
    if (current + d < 0) continue
    if (crypto.timingSafeEqual(Buffer.from(hotp(secret, current + d)), Buffer.from(code)) && found === null) found = current + d
  }
  return found
}

/** The otpauth:// link an authenticator app scans (Key Uri Format): issuer and account shown in the app. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const q = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_S) })
  return `otpauth://totp/${label}?${q.toString()}`
}
