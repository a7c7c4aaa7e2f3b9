import crypto from 'node:crypto'
import { makeTestApp, nextPhone, type TestApp } from './helpers'
import { PNG } from './afterSalesFixtures'
import { CODE_COOLDOWN_MS, CODE_DAILY_PER_IP, CODE_DAILY_PER_PHONE, CODE_MAX_ATTEMPTS, LOGIN_ATTEMPTS_PER_10_MIN } from '../src/modules/member/service'
import { UPLOADS_PER_10_MIN } from '../src/modules/upload/routes'
import { FEEDBACK_PER_DAY } from '../src/modules/feedback/service'
import { COMMENTS_PER_MINUTE } from '../src/modules/video/service'

/**
 * Every rate limit measured from the outside: the request number of the first refusal must be the configured
 * limit + 1, and a client-chosen X-Forwarded-For must not move it (no proxy is trusted by default).
 * With SECURITY_SUMMARY set, each measurement is written for docs/BENCHMARKS.md (bench/security.mjs).
 */
const RATE_LIMITED = 1001

describe('rate limits (measured cut-offs)', () => {
  let t: TestApp
  const measured: Array<{ limit: string; key: string; configured: number; window: string; firstRefusedAt: number | null }> = []
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { seed: true })
  })
  afterAll(async () => {
    if (process.env.SECURITY_SUMMARY) for (const m of measured) require('node:fs').appendFileSync(process.env.SECURITY_SUMMARY, JSON.stringify({ suite: 'rateLimit', ...m }) + '\n')
    await t.close()
  })

  /** Calls `attempt(i)` (i from 1) until it answers `refusal`; returns that request's number (null if never within max). */
  async function cutoff(attempt: (i: number) => Promise<{ code: number }>, max: number, refusal = RATE_LIMITED): Promise<number | null> {
    for (let i = 1; i <= max; i++) if ((await attempt(i)).code === refusal) return i
    return null
  }
  const record = (limit: string, key: string, configured: number, window: string, firstRefusedAt: number | null) => {
    measured.push({ limit, key, configured, window, firstRefusedAt })
    expect([limit, firstRefusedAt]).toEqual([limit, configured + 1])
  }
  const code = (phone: string, remoteAddress = '203.0.113.50', xff?: string) =>
    t.app.inject({ method: 'GET', url: '/h5/api/member/getVerificationCode', query: { p: '4', phone }, remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {} }).then((r) => r.json())
  const olderCodes = (phone: string) =>
    t.db
      .updateTable('smsCodes')
      .set({ createdAt: Date.now() - CODE_COOLDOWN_MS - 1000 })
      .where('phone', '=', phone)
      .execute()

  it('SMS code: one per phone per 60 s', async () => {
    const phone = nextPhone()
    record('SMS code cooldown', 'phone', 1, `${CODE_COOLDOWN_MS / 1000} s`, await cutoff(() => code(phone, '203.0.113.51'), 5))
  })

  it('SMS codes per phone per day', async () => {
    const phone = nextPhone()
    const n = await cutoff(async (i) => {
      if (i > 1) await olderCodes(phone) // past the 60 s cooldown, to reach the daily cap
      return code(phone, `203.0.113.${60 + i}`)
    }, CODE_DAILY_PER_PHONE + 5)
    record('SMS codes per phone', 'phone', CODE_DAILY_PER_PHONE, '1 day', n)
  })

  it('SMS codes per client address per day, X-Forwarded-For changed on every request', async () => {
    const n = await cutoff((i) => code(nextPhone(), '203.0.113.99', `198.51.100.${i % 250}`), CODE_DAILY_PER_IP + 5)
    record('SMS codes per IP (spoofed X-Forwarded-For)', 'client IP', CODE_DAILY_PER_IP, '1 day', n)
  })

  it('wrong codes: a code dies after its 5th wrong attempt', async () => {
    const phone = nextPhone()
    await code(phone, '203.0.113.120')
    const n = await cutoff(
      async () => {
        const r = await t.post('/api/member/phoneRegister', { phone, verificationCode: '000000' })
        return { code: r.msg === '验证码已失效，请重新获取' ? -1 : r.code }
      },
      CODE_MAX_ATTEMPTS + 3,
      -1,
    )
    record('wrong code attempts per code', 'code', CODE_MAX_ATTEMPTS, '5 min (code life)', n)
  })

  it('login attempts per phone per 10 minutes', async () => {
    const phone = nextPhone()
    const n = await cutoff(() => t.post('/api/member/phoneRegister', { phone, verificationCode: '000000' }), LOGIN_ATTEMPTS_PER_10_MIN + 5)
    record('login attempts per phone', 'phone', LOGIN_ATTEMPTS_PER_10_MIN, '10 min', n)
  })

  it('uploads per member per 10 minutes', async () => {
    const token = await t.login(nextPhone())
    const upload = async () => {
      const boundary = `----rl${crypto.randomBytes(6).toString('hex')}`
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const res = await t.app.inject({
        method: 'POST',
        url: '/h5/api/upload?p=3',
        payload,
        headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
      })
      return res.json()
    }
    record('uploads per member', 'member', UPLOADS_PER_10_MIN, '10 min', await cutoff(upload, UPLOADS_PER_10_MIN + 5))
  })

  it('mini-program logins per client address per minute', async () => {
    const n = await cutoff(
      (i) =>
        t.app
          .inject({ method: 'POST', url: '/h5/api/member/miniLogin?p=3', payload: { code: `c${i}` }, remoteAddress: '203.0.113.130', headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } })
          .then((r) => r.json()),
      70,
    )
    record('mini-program logins per IP (spoofed X-Forwarded-For)', 'client IP', 60, '1 min', n)
  })

  it('feedback per member per day and video comments per member per minute', async () => {
    const token = await t.login(nextPhone())
    const fb = await cutoff(() => t.post('/api/feedback/submit', { type: 'bug', content: '页面打开有点慢，希望优化' }, token), FEEDBACK_PER_DAY + 3)
    record('feedback per member', 'member', FEEDBACK_PER_DAY, '1 day', fb)
    const video = await t.db.selectFrom('videos').select('id').where('status', '=', 'on').executeTakeFirstOrThrow()
    const cm = await cutoff(() => t.post('/api/video/comment', { videoId: video.id, content: '好看', time: 1 }, token), COMMENTS_PER_MINUTE + 3)
    record('video comments per member', 'member', COMMENTS_PER_MINUTE, '1 min', cm)
  })
})
