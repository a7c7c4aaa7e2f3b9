import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { FakeAliyunSms, FakeTencentSms, loopbackAgent } from './fakeSms'
import { runDoctor, smsCheck } from '../src/modules/settings/doctor'
import { SMS_REFUSALS } from '../src/modules/member/sms'
import type { SmsSettings } from '../src/modules/member/smsSettings'
import { getSetting } from '../src/modules/settings/service'

/**
 * Login codes through Tencent Cloud SMS and Aliyun SMS: the vendors' SDKs against recorded fakes on loopback that
 * check each request's signature with the secret they were given (server/test/fakeSms.ts).
 */
const SETTINGS_KEY = 'test-settings-key-0123456789-abcdefghij'
/** A client address no other case of the file uses (a random one collided now and then: its counter held another case's send). */
let ipSeq = 0
const nextIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`
const TENCENT = { secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3Cozk1qA', sdkAppId: '1400006666' }
const ALIYUN = { secretId: 'LTAI5tExampleAccessKeyId', secretKey: 'ExampleAccessKeySecret0123456789' }

const tencentSettings = (fake: FakeTencentSms, over: Partial<SmsSettings> = {}): SmsSettings => ({
  provider: 'tencent',
  secretId: TENCENT.secretId,
  secretKey: TENCENT.secretKey,
  sdkAppId: TENCENT.sdkAppId,
  signName: '橙子商城',
  templateId: '1234567',
  region: 'ap-guangzhou',
  // The vendor's own host name (the SDK names the signed service after it), reached on loopback through the agent.
  endpoint: `sms.tencentcloudapi.com:${fake.port}`,
  ...over,
})
const aliyunSettings = (fake: FakeAliyunSms, over: Partial<SmsSettings> = {}): SmsSettings => ({
  provider: 'aliyun',
  secretId: ALIYUN.secretId,
  secretKey: ALIYUN.secretKey,
  sdkAppId: '',
  signName: '橙子商城',
  templateId: 'SMS_154950909',
  region: 'ap-guangzhou',
  endpoint: `127.0.0.1:${fake.port}`,
  ...over,
})

const codesOf = (t: TestApp, phone: string) => t.db.selectFrom('smsCodes').selectAll().where('phone', '=', phone).execute()
const send = (t: TestApp, phone: string, ip = '10.9.8.7') =>
  t.app.inject({ method: 'GET', url: '/h5/api/member/getVerificationCode', query: { p: '4', phone }, remoteAddress: ip }).then((r) => r.json())
const counter = async (t: TestApp, key: string) => {
  const rows = await t.db.selectFrom('rateCounters').select(['bucket', 'count']).execute()
  return rows.filter((r) => r.bucket.startsWith(`${key}:`)).reduce((a, r) => a + Number(r.count), 0)
}

describe.each(DIALECTS)('SMS login codes (%s)', (dialect) => {
  let tencent: FakeTencentSms
  let aliyun: FakeAliyunSms
  beforeAll(async () => {
    tencent = await new FakeTencentSms(TENCENT.secretId, TENCENT.secretKey, TENCENT.sdkAppId).start()
    aliyun = await new FakeAliyunSms(ALIYUN.secretId, ALIYUN.secretKey).start()
  })
  afterAll(async () => {
    await tencent.stop()
    await aliyun.stop()
  })

  describe('Tencent Cloud SMS', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await makeTestApp(dialect, { realSms: { agent: loopbackAgent() } })
      t.ctx.config.sms = tencentSettings(tencent)
    })
    afterAll(() => t.close())
    beforeEach(() => (tencent.calls = []))

    it('sends the code with SendSms (signed TC3-HMAC-SHA256), stores it on the "Ok" answer, and the code signs in', async () => {
      const phone = nextPhone()
      const res = await send(t, phone)
      expect(res).toMatchObject({ code: 200, data: { sent: true, cooldown: 60 } })
      expect(tencent.calls).toHaveLength(1)
      const call = tencent.calls[0]
      expect(call.signatureOk).toBe(true)
      expect(call.headers['x-tc-action']).toBe('SendSms')
      expect(call.headers['x-tc-region']).toBe('ap-guangzhou')
      expect(call.body).toMatchObject({ PhoneNumberSet: [`+86${phone}`], SmsSdkAppId: TENCENT.sdkAppId, SignName: '橙子商城', TemplateId: '1234567' })
      const rows = await codesOf(t, phone)
      expect(rows).toHaveLength(1)
      expect(call.body.TemplateParamSet).toEqual([rows[0].code])
      const login = await t.post('/api/member/phoneRegister', { phone, verificationCode: rows[0].code })
      expect(login.code).toBe(200)
      expect(login.data.token).toBeTruthy()
    })

    it.each([
      ['tencent_daily_limit', 'frequency'],
      ['tencent_incorrect_phone', 'phone'],
      ['tencent_signature_unapproved', 'approval'],
      ['tencent_insufficient_balance', 'balance'],
      ['tencent_internal_error', 'busy'],
    ] as const)('a refusal (%s) reads plainly, stores no code and is not counted as a sent code', async (fixture, kind) => {
      const phone = nextPhone()
      const ip = nextIp()
      tencent.queue(fixture)
      const res = await send(t, phone, ip)
      expect(res.code).toBe(SMS_REFUSALS[kind].code)
      expect(res.msg).toBe(SMS_REFUSALS[kind].msg)
      expect(tencent.calls[0].signatureOk).toBe(true)
      expect(await codesOf(t, phone)).toHaveLength(0)
      expect(await counter(t, `sms:phone:${phone}`)).toBe(0)
      expect(await counter(t, `sms:ip:${ip}`)).toBe(0)
      // No cooldown was started: the next tap sends at once (the fake answers success again).
      expect((await send(t, phone, ip)).code).toBe(200)
      expect(await codesOf(t, phone)).toHaveLength(1)
    })

    it('a wrong SecretKey is refused by the signature check and reads as a setting problem', async () => {
      t.ctx.config.sms = tencentSettings(tencent, { secretKey: 'WrongSecretKey0000000000000000000' })
      try {
        const phone = nextPhone()
        const res = await send(t, phone)
        expect(tencent.calls[0].signatureOk).toBe(false)
        expect(res).toMatchObject({ code: SMS_REFUSALS.account.code, msg: SMS_REFUSALS.account.msg })
        expect(await codesOf(t, phone)).toHaveLength(0)
      } finally {
        t.ctx.config.sms = tencentSettings(tencent)
      }
    })

    it('a provider that does not answer is given up within a few seconds', async () => {
      tencent.delayMs = 8000
      try {
        const phone = nextPhone()
        const started = Date.now()
        const res = await send(t, phone)
        const took = Date.now() - started
        expect(res).toMatchObject({ code: SMS_REFUSALS.busy.code, msg: SMS_REFUSALS.busy.msg })
        expect(took).toBeLessThan(5_500)
        expect(await codesOf(t, phone)).toHaveLength(0)
      } finally {
        tencent.delayMs = 0
      }
    }, 15_000)
  })

  describe('Aliyun SMS', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await makeTestApp(dialect, { realSms: {} })
      t.ctx.config.sms = aliyunSettings(aliyun)
    })
    afterAll(() => t.close())
    beforeEach(() => (aliyun.calls = []))

    it('sends the code with SendSms (signed ACS3-HMAC-SHA256) and stores it on Code "OK"', async () => {
      const phone = nextPhone()
      expect((await send(t, phone)).code).toBe(200)
      expect(aliyun.calls).toHaveLength(1)
      const call = aliyun.calls[0]
      expect(call.signatureOk).toBe(true)
      expect(call.headers['x-acs-action']).toBe('SendSms')
      expect(call.headers['x-acs-version']).toBe('2017-05-25')
      const rows = await codesOf(t, phone)
      expect(call.query).toMatchObject({ PhoneNumbers: phone, SignName: '橙子商城', TemplateCode: 'SMS_154950909', TemplateParam: JSON.stringify({ code: rows[0].code }) })
    })

    it.each([
      ['aliyun_business_limit', 'frequency'],
      ['aliyun_mobile_illegal', 'phone'],
      ['aliyun_signature_illegal', 'approval'],
      ['aliyun_amount_not_enough', 'balance'],
    ] as const)('a refusal (%s) reads plainly and stores no code', async (fixture, kind) => {
      const phone = nextPhone()
      aliyun.queue(fixture)
      const res = await send(t, phone)
      expect(res).toMatchObject({ code: SMS_REFUSALS[kind].code, msg: SMS_REFUSALS[kind].msg })
      expect(await codesOf(t, phone)).toHaveLength(0)
      expect(await counter(t, `sms:phone:${phone}`)).toBe(0)
    })

    it('a wrong AccessKey Secret is refused (SignatureDoesNotMatch) and reads as a setting problem', async () => {
      t.ctx.config.sms = aliyunSettings(aliyun, { secretKey: 'WrongSecret000000000000000000000' })
      try {
        const phone = nextPhone()
        const res = await send(t, phone)
        expect(aliyun.calls[0].signatureOk).toBe(false)
        expect(res).toMatchObject({ code: SMS_REFUSALS.account.code, msg: SMS_REFUSALS.account.msg })
        expect(await codesOf(t, phone)).toHaveLength(0)
      } finally {
        t.ctx.config.sms = aliyunSettings(aliyun)
      }
    })

    it('a provider that does not answer is given up within a few seconds', async () => {
      aliyun.delayMs = 8000
      try {
        const started = Date.now()
        const res = await send(t, nextPhone())
        expect(res).toMatchObject({ code: SMS_REFUSALS.busy.code })
        expect(Date.now() - started).toBeLessThan(5_500)
      } finally {
        aliyun.delayMs = 0
      }
    }, 15_000)
  })

  describe('设置 → 短信 and the setup check', () => {
    let t: TestApp
    let c: AdminClient
    beforeAll(async () => {
      // The fake's host stands in for the vendor's (a deployment leaves SMS_ENDPOINT empty).
      const demo = { ...tencentSettings(tencent), provider: 'log' as const, secretId: '', secretKey: '', sdkAppId: '', signName: '', templateId: '' }
      t = await makeTestApp(dialect, { realSms: { agent: loopbackAgent() }, config: { settingsKey: SETTINGS_KEY, sms: demo } })
      c = adminClient(t, await signIn(t, 'owner'))
    })
    afterAll(() => t.close())

    it('starts in demo mode: the log provider, shown as such; the setup check warns, and fails once the shop is live', async () => {
      const view = (await c.get('/settings/sms')).data
      expect(view.live).toMatchObject({ provider: 'log', label: '演示（验证码只写入服务器日志）' })
      expect(smsCheck(t.ctx).status).toBe('warn')
      const checks = (await runDoctor(t.ctx)).checks
      expect(checks.find((x) => x.key === 'sms')).toMatchObject({ status: 'warn', title: '短信验证码' })
      t.ctx.config.production = true
      try {
        expect(smsCheck(t.ctx)).toMatchObject({ status: 'error' })
        expect(smsCheck(t.ctx).message).toContain('生产模式')
      } finally {
        t.ctx.config.production = false
      }
      t.ctx.config.payProvider = 'wechatpay'
      try {
        expect(smsCheck(t.ctx).message).toContain('已开启微信支付')
        expect(smsCheck(t.ctx).status).toBe('error')
      } finally {
        t.ctx.config.payProvider = 'sandbox'
      }
    })

    it('refuses to switch a provider on without what it needs, and bad values, in plain words', async () => {
      expect((await c.put('/settings/sms', { provider: 'tencent' })).msg).toBe('启用腾讯云短信前请先填写：SecretId、SecretKey、短信应用 SDK AppID、签名、验证码模板 ID')
      expect((await c.put('/settings/sms', { sdkAppId: '12' })).msg).toBe('腾讯云短信应用 SDK AppID 应为 10 位数字（如 1400xxxxxx）')
      expect((await c.put('/settings/sms', { signName: '【橙子商城】' })).msg).toBe('短信签名填写签名名称本身（不含【】），不超过 20 个字')
      expect(await auditRows(t, 'settings.sms')).toHaveLength(0)
    })

    it('saves Tencent settings with the secret encrypted and never answered; codes then go through Tencent; audited', async () => {
      const res = await c.put('/settings/sms', {
        provider: 'tencent',
        secretId: TENCENT.secretId,
        secretKey: TENCENT.secretKey,
        sdkAppId: TENCENT.sdkAppId,
        signName: '橙子商城',
        templateId: '1234567',
      })
      expect(res.code).toBe(200)
      expect(res.data.live).toMatchObject({ provider: 'tencent', label: '腾讯云短信', missing: [] })
      const secret = res.data.fields.find((f: any) => f.key === 'secretKey')
      expect(secret).toMatchObject({ secret: true, value: '', set: true })
      expect(secret.hint).toMatch(/^已设置 · 指纹 [0-9a-f]{8}/)
      expect(JSON.stringify(res.data)).not.toContain(TENCENT.secretKey)
      const stored = await getSetting<Record<string, string>>(t.db, 'sms', {})
      expect(stored.secretKey).toMatch(/^enc:v1:/)
      expect(JSON.stringify(stored)).not.toContain(TENCENT.secretKey)
      const audit = await auditRows(t, 'settings.sms')
      expect(audit).toHaveLength(1)
      expect(JSON.stringify(audit[0])).not.toContain(TENCENT.secretKey)

      tencent.calls = []
      const phone = nextPhone()
      expect((await send(t, phone)).code).toBe(200)
      expect(tencent.calls).toHaveLength(1)
      expect(tencent.calls[0].signatureOk).toBe(true)
      expect(smsCheck(t.ctx)).toMatchObject({ status: 'ok' })
      expect(smsCheck(t.ctx).message).toContain('腾讯云短信')

      // A test message to the merchant's phone: sent through the provider, not stored as a code, audited.
      tencent.calls = []
      const test = await c.post('/settings/sms/test', { phone: '13800138000' })
      expect(test.data).toEqual({ sent: true, message: '已发送到 138****8000，请查看手机' })
      expect(tencent.calls).toHaveLength(1)
      expect(await codesOf(t, '13800138000')).toHaveLength(0)
      tencent.queue('tencent_signature_unapproved')
      expect((await c.post('/settings/sms/test', { phone: '13800138000' })).data).toEqual({ sent: false, message: SMS_REFUSALS.approval.msg })
      expect(await auditRows(t, 'settings.sms-test')).toHaveLength(2)
    })

    it('staff without the settings permission cannot change them', async () => {
      const viewer = adminClient(t, await signIn(t, 'service'))
      expect((await viewer.put('/settings/sms', { provider: 'log' })).code).toBe(8003)
    })

    it('back to the demo provider: codes go to the log again', async () => {
      expect((await c.put('/settings/sms', { provider: 'log' })).data.live.provider).toBe('log')
      tencent.calls = []
      expect((await send(t, nextPhone())).code).toBe(200)
      expect(tencent.calls).toHaveLength(0)
    })
  })

  it('environment variables win over the console and lock their fields', async () => {
    const t = await makeTestApp(dialect, {
      realSms: {},
      config: { settingsKey: SETTINGS_KEY, sms: aliyunSettings(aliyun) },
    })
    try {
      const c = adminClient(t, await signIn(t, 'owner'))
      const view = (await c.get('/settings/sms')).data
      expect(view.live.provider).toBe('aliyun')
      expect(view.fields.find((f: any) => f.key === 'provider')).toMatchObject({ fromEnv: true, value: 'aliyun' })
      expect((await c.put('/settings/sms', { provider: 'tencent' })).msg).toBe('「短信服务商」由服务器的环境配置设置，不能在后台修改')
    } finally {
      await t.close()
    }
  })
})
