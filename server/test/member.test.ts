import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'

describe.each(DIALECTS)('member module on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t.close())

  it('refuses a request without the p parameter or with the wrong one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/api/member/loginStatus' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 400 })
    const wrong = await t.app.inject({ method: 'GET', url: '/h5/api/member/loginStatus?p=3' })
    expect(wrong.json().code).toBe(400)
  })

  it('answers an unknown path in the envelope', async () => {
    expect(await t.get('/api/nothing/here')).toMatchObject({ code: 404, msg: '接口不存在' })
  })

  it('refuses an invalid phone with a Chinese message', async () => {
    const res = await t.get('/api/member/getVerificationCode', { phone: '12345678901' })
    expect(res.code).toBe(400)
    expect(res.msg).toBe('请输入正确的手机号')
  })

  it('refuses a second code within 60 s', async () => {
    const phone = nextPhone()
    expect((await t.get('/api/member/getVerificationCode', { phone })).code).toBe(200)
    const again = await t.get('/api/member/getVerificationCode', { phone })
    expect(again.code).toBe(1001)
    expect(again.msg).toMatch(/秒后再试/)
  })

  it('caps codes per IP per day', async () => {
    let last: any
    for (let i = 0; i < 51; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/h5/api/member/getVerificationCode', query: { p: '4', phone: nextPhone() }, remoteAddress: '10.9.9.9' })
      last = res.json()
    }
    expect(last.code).toBe(1001)
  })

  it('registers with the code, returns a token, and the token reads member info', async () => {
    const phone = nextPhone()
    const token = await t.login(phone)
    expect(token).toMatch(/^[\w-]{20,}$/)
    const info = await t.get('/api/member/getMemberInfo', {}, token)
    expect(info.code).toBe(200)
    expect(info.data).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, businessId: null, shopName: '' })
    const status = await t.get('/api/member/loginStatus', {}, token)
    expect(status).toEqual({ code: 200, msg: '已登录', data: { loggedIn: true } })
  })

  it('refuses a wrong code and a reused code', async () => {
    const phone = nextPhone()
    await t.get('/api/member/getVerificationCode', { phone })
    const code = t.sms.codes.get(phone) as string
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect((await t.post('/api/member/phoneRegister', { phone, verificationCode: wrong })).code).toBe(1002)
    expect((await t.post('/api/member/phoneRegister', { phone, verificationCode: code })).code).toBe(200)
    expect((await t.post('/api/member/phoneRegister', { phone, verificationCode: code })).code).toBe(1002)
  })

  it('answers 403 for a missing or unknown token', async () => {
    expect((await t.get('/api/member/getMemberInfo')).code).toBe(403)
    expect((await t.get('/api/member/getMemberInfo', {}, 'not-a-token')).code).toBe(403)
    expect((await t.get('/api/member/loginStatus', {}, 'not-a-token')).code).toBe(403)
  })

  it('binds a new member to the sharer, and the first binding wins', async () => {
    const sharerToken = await t.login(nextPhone())
    const sharer = (await t.get('/api/member/getMemberInfo', {}, sharerToken)).data
    const phone = nextPhone()
    await t.login(phone, { shareMemberId: String(sharer.id) })
    const row = await t.db.selectFrom('members').select(['shareMemberId']).where('phone', '=', phone).executeTakeFirstOrThrow()
    expect(row.shareMemberId).toBe(sharer.id)
    const other = await t.login(nextPhone())
    const otherId = (await t.get('/api/member/getMemberInfo', {}, other)).data.id
    await t.login(phone, { shareMemberId: otherId })
    const after = await t.db.selectFrom('members').select(['shareMemberId']).where('phone', '=', phone).executeTakeFirstOrThrow()
    expect(after.shareMemberId).toBe(sharer.id)
  })

  it('updates the nickname and refuses an empty one', async () => {
    const token = await t.login(nextPhone())
    const ok = await t.get('/api/member/updateMemberInfo', { nickname: '新昵称' }, token)
    expect(ok.data.nickname).toBe('新昵称')
    expect((await t.get('/api/member/updateMemberInfo', { nickname: '   ' }, token)).code).toBe(400)
    expect((await t.get('/api/member/updateMemberInfo', { avatar: 'javascript:alert(1)' }, token)).code).toBe(400)
  })

  it('stores an avatar path only inside the upload and media folders, in normal form', async () => {
    const token = await t.login(nextPhone())
    const ok = await t.get('/api/member/updateMemberInfo', { avatar: '/uploads/202611/abc-1.png' }, token)
    expect(ok.data.avatar).toContain('/uploads/202611/abc-1.png')
    const refused = [
      '/uploads/../../etc/passwd',
      '/uploads/../secret.db',
      '/media/./x.png',
      '/uploads//x.png',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads\\..\\x.png',
      '/static/../uploads/x.png',
      '/etc/passwd',
      '/uploads/',
      'https://evil.example/x.png',
    ]
    for (const avatar of refused) {
      const r = await t.get('/api/member/updateMemberInfo', { avatar }, token)
      expect([avatar, r.code, r.msg]).toEqual([avatar, 400, '头像地址无效，请重新上传'])
    }
    const stored = await t.db.selectFrom('members').select('avatar').where('id', '=', ok.data.id).executeTakeFirstOrThrow()
    expect(stored.avatar).toBe('/uploads/202611/abc-1.png')
  })
})

describe.each(DIALECTS)('invitation codes on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
  })
  afterAll(async () => t.close())

  it('binds to the agent of the code once, and refuses a second binding', async () => {
    const token = await t.login(nextPhone())
    const res = await t.post('/api/member/bindInvitationCode', { invitationCode: 'huayu8' }, token)
    expect(res.code).toBe(200)
    expect(res.data.inviterName).toBe('花语小店店主')
    expect((await t.get('/api/member/getMemberInfo', {}, token)).data.boundBusinessId).toBe(res.data.businessId)
    expect((await t.post('/api/member/bindInvitationCode', { invitationCode: 'HUAYU8' }, token)).code).toBe(409)
  })

  it('refuses an unknown code and a malformed one', async () => {
    const token = await t.login(nextPhone())
    expect((await t.post('/api/member/bindInvitationCode', { invitationCode: 'NOPE99' }, token)).code).toBe(404)
    expect((await t.post('/api/member/bindInvitationCode', { invitationCode: "x' OR 1=1" }, token)).code).toBe(400)
  })
})
