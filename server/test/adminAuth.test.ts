import { AdminCode } from '../../types/admin'
import { createStaff } from '../src/admin/staff'
import { runAdminCommand } from '../src/adminCommands'
import '../src/admin/cli'
import { base32Decode, base32Encode, matchTotp, totpAt } from '../src/admin/totp'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, login, signIn } from './adminHelpers'

describe.each(DIALECTS)('console sign-in and staff (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { settingsKey: 'test-settings-key-0123456789-abcdefghij' } })
  })
  afterAll(() => t.close())

  it('signs in with an httpOnly SameSite=Strict cookie on /admin, answers the staff, permissions and CSRF token', async () => {
    await createStaff(t.db, { username: 'ops1', role: 'operator', password: 'Secret123' })
    const res = await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username: 'ops1', password: 'Secret123' } })
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data.staff).toMatchObject({ username: 'ops1', role: 'operator', disabled: false })
    expect(body.data.permissions).toContain('goods.write')
    expect(body.data.permissions).not.toContain('staff.write')
    expect(body.data.csrfToken).toMatch(/^[\w-]{20,}$/)
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toMatch(/mall_admin=/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Strict/i)
    expect(setCookie).toMatch(/Path=\/admin/)
    // The hash is stored, never the password.
    const row = await t.db.selectFrom('staff').select('passwordHash').where('username', '=', 'ops1').executeTakeFirstOrThrow()
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
    const me = await adminClient(t, { cookie: `mall_admin=${res.cookies[0].value}`, csrf: body.data.csrfToken, staffId: body.data.staff.id }).get('/auth/me')
    expect(me.data.staff.username).toBe('ops1')
  })

  const loginFrom = async (ip: string, username: string, password: string, code?: string) =>
    (await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', remoteAddress: ip, payload: { username, password, ...(code ? { code } : {}) } })).json()

  it('answers a wrong password and an unknown username alike, message for message', async () => {
    await createStaff(t.db, { username: 'known1', role: 'service', password: 'Secret123' })
    const known: string[] = []
    const unknown: string[] = []
    for (let i = 1; i <= 6; i++) {
      const k = await loginFrom('10.1.0.1', 'known1', 'wrong' + i)
      const u = await loginFrom('10.1.0.1', 'nobody1', 'wrong' + i)
      known.push(`${k.code} ${k.msg}`)
      unknown.push(`${u.code} ${u.msg}`)
    }
    expect(known).toEqual(unknown)
    expect(known[0]).toBe(`${AdminCode.BAD_CREDENTIALS} 用户名或密码错误，还可尝试 4 次`)
    expect(known[4]).toMatch(new RegExp(`^${AdminCode.LOCKED} 登录失败次数过多`))
    expect(known[5]).toBe(known[4])
  })

  it('locks a username only for the client that failed: a stranger never keeps the owner out; staff unlock clears it', async () => {
    await createStaff(t.db, { username: 'locky', role: 'owner', password: 'Secret123' })
    const stranger = '203.0.113.9'
    const owner = '198.51.100.7'
    for (let i = 1; i <= 4; i++) {
      const r = await loginFrom(stranger, 'locky', 'wrong' + i)
      expect([r.code, r.msg]).toEqual([AdminCode.BAD_CREDENTIALS, `用户名或密码错误，还可尝试 ${5 - i} 次`])
    }
    const fifth = await loginFrom(stranger, 'locky', 'wrong5')
    expect(fifth.code).toBe(AdminCode.LOCKED)
    // The stranger's address is refused even with the right password …
    const right = await loginFrom(stranger, 'locky', 'Secret123')
    expect(right.code).toBe(AdminCode.LOCKED)
    expect(right.data.lockedUntil).toBeGreaterThan(Date.now())
    // … the owner from elsewhere signs in, again and again, while the stranger keeps failing.
    for (let round = 0; round < 3; round++) {
      expect((await loginFrom(owner, 'locky', 'Secret123')).code).toBe(200)
      expect((await loginFrom(stranger, 'locky', 'wrong')).code).toBe(AdminCode.LOCKED)
    }
    // The owner's own failures are counted apart, and a success forgets them.
    expect((await loginFrom(owner, 'locky', 'typo1')).msg).toBe('用户名或密码错误，还可尝试 4 次')
    expect((await loginFrom(owner, 'locky', 'Secret123')).code).toBe(200)
    expect((await loginFrom(owner, 'locky', 'typo2')).msg).toBe('用户名或密码错误，还可尝试 4 次')
    // After the lock's time the stranger's address may try again.
    await t.db
      .updateTable('staffLoginFailures')
      .set({ lockedUntil: Date.now() - 1 })
      .where('username', '=', 'locky')
      .where('client', '=', stranger)
      .execute()
    expect((await loginFrom(stranger, 'locky', 'Secret123')).code).toBe(200)
    // npm run admin -- staff unlock <username>
    for (let i = 0; i < 5; i++) await loginFrom(stranger, 'locky', 'wrong')
    expect((await loginFrom(stranger, 'locky', 'Secret123')).code).toBe(AdminCode.LOCKED)
    const lines: string[] = []
    expect(await runAdminCommand(['staff', 'unlock', 'locky'], { config: t.ctx.config, db: t.db, out: (l) => lines.push(l) })).toBe(0)
    expect(lines.join('\n')).toContain('已解除 locky 的登录锁定')
    expect((await loginFrom(stranger, 'locky', 'Secret123')).code).toBe(200)
    expect(await runAdminCommand(['staff', 'unlock', 'nosuchone'], { config: t.ctx.config, db: t.db, out: () => {} })).toBe(1)
  })

  it('refuses a write from another site even with a valid CSRF token (Origin, Sec-Fetch-Site), sign-in included', async () => {
    const s = await signIn(t, 'owner')
    const c = adminClient(t, s)
    const evil = await c.post('/system/staff', { username: 'evilmade', realName: '张三', phone: '13800138000', role: 'owner' }, { origin: 'https://evil.example' })
    expect([evil.code, evil.msg]).toEqual([AdminCode.CSRF, '请求来自其他网站，已拒绝；请直接打开后台页面操作'])
    expect(await t.db.selectFrom('staff').select('id').where('username', '=', 'evilmade').executeTakeFirst()).toBeUndefined()
    expect((await c.post('/system/staff', { username: 'evilmade', realName: '张三', phone: '13800138000', role: 'owner' }, { 'sec-fetch-site': 'cross-site' })).code).toBe(AdminCode.CSRF)
    expect((await c.post('/system/staff', { username: 'evilmade', realName: '张三', phone: '13800138000', role: 'owner' }, { origin: 'null' })).code).toBe(AdminCode.CSRF)
    expect((await c.post('/system/staff', { username: 'evilmade', realName: '张三', phone: '13800138000', role: 'owner' }, { origin: 'http://localhost:80.evil.example' })).code).toBe(AdminCode.CSRF)
    const login = await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', headers: { origin: 'https://evil.example' }, payload: { username: s.username, password: 'Passw0rd-test' } })
    expect(login.json().code).toBe(AdminCode.CSRF)
    expect(login.headers['set-cookie']).toBeUndefined()
    // The console's own page: same host (inject's Host is localhost:80), same-origin fetch.
    const own = await c.post('/system/staff', { username: 'goodmade', realName: '张三', phone: '13800138000', role: 'service' }, { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })
    expect(own.code).toBe(200)
    // Reads are not writes: a cross-site GET is answered (SameSite=Strict keeps the cookie away anyway).
    expect((await adminClient(t, s).get('/auth/me')).code).toBe(200)
  })

  it('refuses no session, an expired session, a signed-out session and the shop token', async () => {
    const s = await signIn(t, 'owner')
    const c = adminClient(t, s)
    expect((await adminClient(t).get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
    const token = await t.login(nextPhone())
    const shop = await t.app.inject({ method: 'GET', url: '/admin/api/auth/me', headers: { token } })
    expect(shop.json().code).toBe(AdminCode.NOT_SIGNED_IN)
    expect((await c.post('/auth/logout')).code).toBe(200)
    expect((await c.get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
    const s2 = await signIn(t, 'owner')
    await t.db
      .updateTable('staffSessions')
      .set({ expiresAt: Date.now() - 1 })
      .where('staffId', '=', s2.staffId)
      .execute()
    expect((await adminClient(t, s2).get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
  })

  it('refuses a write without the CSRF token, and a route beyond the role', async () => {
    const s = await signIn(t, 'service')
    const noCsrf = await adminClient(t, { ...s, csrf: 'forged-token-forged-token' }).post('/auth/logout')
    expect(noCsrf.code).toBe(AdminCode.CSRF)
    expect((await adminClient(t, s).get('/auth/me')).code).toBe(200)
    const r = await adminClient(t, s).get('/system/staff')
    expect(r.code).toBe(AdminCode.FORBIDDEN)
  })

  it('changes the own password (old one checked, other sessions end) and audits it', async () => {
    const s = await signIn(t, 'finance', 'Old-pass1')
    const other = await login(t, s.username, 'Old-pass1')
    const c = adminClient(t, s)
    expect((await c.post('/auth/password', { oldPassword: 'nope-nope1', newPassword: 'New-pass22' })).msg).toBe('原密码不正确')
    expect((await c.post('/auth/password', { oldPassword: 'Old-pass1', newPassword: 'short' })).code).toBe(400)
    expect((await c.post('/auth/password', { oldPassword: 'Old-pass1', newPassword: 'New-pass22' })).code).toBe(200)
    expect((await adminClient(t, other).get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
    expect((await c.get('/auth/me')).code).toBe(200)
    await expect(login(t, s.username, 'New-pass22')).resolves.toBeTruthy()
    expect((await auditRows(t, 'staff.password')).some((r) => r.staffId === s.staffId)).toBe(true)
  })

  it('owner creates staff (password shown once), changes a role with an audit row; the last owner stays', async () => {
    const owner = await signIn(t, 'owner')
    const c = adminClient(t, owner)
    const created = await c.post('/system/staff', { username: 'newbie', realName: '张三', phone: '13800138000', role: 'service' })
    expect(created.code).toBe(200)
    expect(created.data.password.length).toBeGreaterThanOrEqual(12)
    await expect(login(t, 'newbie', created.data.password)).resolves.toBeTruthy()
    const bad = await c.post('/system/staff', { username: 'x', realName: '张三', phone: '13800138000', role: 'service' })
    expect(bad.code).toBe(400)
    expect(bad.msg).toContain('用户名')
    // Undeclared keys are dropped before the handler (docs/API.md, the same rule as the shop's): never stored.
    const extra = await c.post('/system/staff', {
      username: 'extra1',
      realName: '张三',
      phone: '13800138000',
      role: 'service',
      isAdmin: true,
      totpSecret: 'plain:AAAAAAAAAAAAAAAA',
      totpLastStep: 99999999999,
    })
    expect(extra.code).toBe(200)
    expect(await t.db.selectFrom('staff').select(['role', 'totpSecret', 'totpLastStep']).where('username', '=', 'extra1').executeTakeFirst()).toEqual({
      role: 'service',
      totpSecret: null,
      totpLastStep: 0,
    })
    const changed = await c.put(`/system/staff/${created.data.staff.id}`, { role: 'finance' })
    expect(changed.data.role).toBe('finance')
    const [row] = (await auditRows(t, 'staff.role')).slice(-1)
    expect(row.staffId).toBe(owner.staffId)
    expect(JSON.parse(row.beforeJson!).role).toBe('service')
    expect(JSON.parse(row.afterJson!).role).toBe('finance')
    const selfDemote = await c.put(`/system/staff/${owner.staffId}`, { role: 'operator' })
    expect(selfDemote.code).toBe(409)
    const audit = await c.get('/system/audit', { action: 'staff.role' })
    expect(audit.data.list[0]).toMatchObject({ action: 'staff.role', staffName: owner.username, targetType: 'staff' })
  })

  it('two-factor sign-in: enrol with a scanned secret, sign in with a code (never the same one twice), recovery codes once each', async () => {
    const s = await signIn(t, 'operator')
    const c = adminClient(t, s)
    expect((await c.get('/auth/2fa')).data).toMatchObject({ enabled: false, required: false, recoveryCodesLeft: 0, encrypted: true })
    expect((await c.post('/auth/2fa/enable', { code: '123456' })).msg).toBe('请先生成二维码并用身份验证器扫描')
    const setup = (await c.post('/auth/2fa/setup')).data
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.otpauthUrl).toBe(`otpauth://totp/${encodeURIComponent('商城后台:' + s.username)}?secret=${setup.secret}&issuer=${encodeURIComponent('商城后台')}&algorithm=SHA1&digits=6&period=30`)
    // Stored encrypted with SETTINGS_KEY, never as the secret.
    const stored = await t.db.selectFrom('staff').select(['totpPendingSecret', 'totpSecret']).where('id', '=', s.staffId).executeTakeFirstOrThrow()
    expect(stored.totpPendingSecret).toMatch(/^enc:v1:/)
    expect(stored.totpPendingSecret).not.toContain(setup.secret)
    expect(stored.totpSecret).toBeNull()
    expect((await c.post('/auth/2fa/enable', { code: totpAt(setup.secret, Date.now() - 5 * 60_000) })).code).toBe(400)
    const other = await login(t, s.username, 'Passw0rd-test')
    const enabled = await c.post('/auth/2fa/enable', { code: totpAt(setup.secret) })
    expect(enabled.code).toBe(200)
    const codes: string[] = enabled.data.recoveryCodes
    expect(codes).toHaveLength(10)
    for (const rc of codes) expect(rc).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)
    expect(new Set(codes).size).toBe(10)
    // Hashes only at rest; the session signed in with the password alone ended, this one stays.
    const hashes = JSON.stringify(await t.db.selectFrom('staffRecoveryCodes').selectAll().where('staffId', '=', s.staffId).execute())
    for (const rc of codes) expect(hashes).not.toContain(rc.replace('-', ''))
    expect((await adminClient(t, other).get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
    expect((await c.get('/auth/me')).data.twoFactor).toEqual({ enabled: true, required: false, setupRequired: false })
    expect((await c.get('/auth/2fa')).data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect((await auditRows(t, 'staff.2fa-enable')).some((r) => r.staffId === s.staffId)).toBe(true)

    // The password alone now asks for the code (not counted as a failure); a wrong code is counted.
    const ip = '192.0.2.44'
    const asked = await loginFrom(ip, s.username, 'Passw0rd-test')
    expect([asked.code, asked.msg]).toEqual([AdminCode.CODE_REQUIRED, '请输入身份验证器上的 6 位动态码'])
    const wrong = await loginFrom(ip, s.username, 'Passw0rd-test', '000000' === totpAt(setup.secret) ? '111111' : '000000')
    expect([wrong.code, wrong.msg]).toEqual([AdminCode.BAD_CREDENTIALS, '用户名或密码错误，还可尝试 4 次'])
    // The wrong password with a right code tells nothing either.
    const next = totpAt(setup.secret, Date.now() + 30_000)
    expect((await loginFrom(ip, s.username, 'nope-nope1', next)).msg).toBe('用户名或密码错误，还可尝试 3 次')
    // Sent twice at once (two tabs, or someone who saw it): one sign-in.
    const both = await Promise.all([loginFrom(ip, s.username, 'Passw0rd-test', next), loginFrom('192.0.2.46', s.username, 'Passw0rd-test', next)])
    expect(both.map((r) => r.code).sort()).toEqual([200, AdminCode.BAD_CREDENTIALS])
    // The same code later (a replay): refused.
    expect((await loginFrom('192.0.2.45', s.username, 'Passw0rd-test', next)).code).toBe(AdminCode.BAD_CREDENTIALS)
    // A recovery code works once, typed in any case and with or without the dash.
    expect((await loginFrom('192.0.2.48', s.username, 'Passw0rd-test', codes[0].toLowerCase().replace('-', ' '))).code).toBe(200)
    expect((await loginFrom('192.0.2.48', s.username, 'Passw0rd-test', codes[0])).code).toBe(AdminCode.BAD_CREDENTIALS)
    expect((await c.get('/auth/2fa')).data.recoveryCodesLeft).toBe(9)

    // New recovery codes and turning it off ask for the password and a code again.
    expect((await c.post('/auth/2fa/recovery-codes', { password: 'wrong-pass1', code: codes[1] })).msg).toBe('密码不正确')
    const fresh = await c.post('/auth/2fa/recovery-codes', { password: 'Passw0rd-test', code: codes[1] })
    expect(fresh.data.recoveryCodes).toHaveLength(10)
    expect((await loginFrom('192.0.2.49', s.username, 'Passw0rd-test', codes[2])).code).toBe(AdminCode.BAD_CREDENTIALS)
    expect((await c.post('/auth/2fa/disable', { password: 'Passw0rd-test', code: '12345' })).msg).toBe('动态码不正确或已用过')
    expect((await c.post('/auth/2fa/disable', { password: 'Passw0rd-test', code: fresh.data.recoveryCodes[0] })).code).toBe(200)
    expect((await loginFrom('192.0.2.50', s.username, 'Passw0rd-test')).code).toBe(200)
    expect((await auditRows(t, 'staff.2fa-disable')).some((r) => r.staffId === s.staffId)).toBe(true)
  })

  it('the owner requires two-factor sign-in for every role: staff without it reach only their account pages until they enrol', async () => {
    const owner = await signIn(t, 'owner')
    const oc = adminClient(t, owner)
    expect((await oc.put('/system/security', { require2fa: true })).msg).toBe('请先为自己的账号开启两步验证，再要求所有员工开启')
    const mine = (await oc.post('/auth/2fa/setup')).data
    expect((await oc.post('/auth/2fa/enable', { code: totpAt(mine.secret) })).code).toBe(200)
    const svc = await signIn(t, 'service')
    const sc = adminClient(t, svc)
    expect((await sc.put('/system/security', { require2fa: true })).code).toBe(AdminCode.FORBIDDEN)
    expect((await oc.put('/system/security', { require2fa: true })).data).toEqual({ require2fa: true })
    const [row] = (await auditRows(t, 'settings.staffSecurity')).slice(-1)
    expect([JSON.parse(row.beforeJson!), JSON.parse(row.afterJson!), row.staffId]).toEqual([{ require2fa: false }, { require2fa: true }, owner.staffId])
    try {
      expect((await sc.get('/auth/me')).data.twoFactor).toEqual({ enabled: false, required: true, setupRequired: true })
      const blocked = await sc.get('/orders')
      expect([blocked.code, blocked.msg]).toEqual([AdminCode.TWO_FACTOR_SETUP, '店主要求所有员工开启两步验证：请先在「账号安全」中设置'])
      // Signing in still works (so the staff can enrol), and leads there.
      const again = (await loginFrom('192.0.2.60', svc.username, 'Passw0rd-test')).data
      expect(again.twoFactor.setupRequired).toBe(true)
      const setup = (await sc.post('/auth/2fa/setup')).data
      expect((await sc.post('/auth/2fa/enable', { code: totpAt(setup.secret) })).code).toBe(200)
      expect((await sc.get('/orders')).code).toBe(200)
      expect((await sc.post('/auth/2fa/disable', { password: 'Passw0rd-test', code: totpAt(setup.secret, Date.now() + 30_000) })).msg).toBe('店主要求所有员工开启两步验证，不能关闭')
      // Lost phone and codes: the owner turns it off (the staff enrols again at the next sign-in).
      const staffRow = await t.db.selectFrom('staff').select('id').where('username', '=', svc.username).executeTakeFirstOrThrow()
      expect((await oc.post(`/system/staff/${staffRow.id}/2fa-reset`)).code).toBe(200)
      expect((await sc.get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
      expect((await auditRows(t, 'staff.2fa-reset')).some((r) => r.targetId === String(staffRow.id))).toBe(true)
    } finally {
      expect((await oc.put('/system/security', { require2fa: false })).code).toBe(200)
    }
  })

  it('lists where and when each session signed in; a staff ends its own, the owner anyone’s; audited', async () => {
    const s = await signIn(t, 'finance')
    const phone = await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      remoteAddress: '198.51.100.23',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44' },
      payload: { username: s.username, password: 'Passw0rd-test' },
    })
    expect(phone.json().code).toBe(200)
    await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      remoteAddress: '198.51.100.24',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36' },
      payload: { username: s.username, password: 'Passw0rd-test' },
    })
    const c = adminClient(t, s)
    const list = (await c.get('/auth/sessions')).data.list
    expect(list).toHaveLength(3)
    expect(list.map((x: any) => [x.ip, x.device, x.current])).toEqual([
      ['198.51.100.24', 'Windows · Chrome 120', false],
      ['198.51.100.23', 'iPhone · 微信', false],
      ['127.0.0.1', '其他程序', true],
    ])
    for (const x of list) {
      expect(x.ref).toMatch(/^[0-9a-f]{16}$/)
      expect(x.lastSeenAt).toBeGreaterThanOrEqual(x.createdAt)
      expect(x.username).toBe(s.username)
    }
    // Nobody else's sessions here, and no cookie hash.
    const ids = (await t.db.selectFrom('staffSessions').select('id').execute()).map((r) => r.id)
    for (const id of ids) expect(JSON.stringify(list)).not.toContain(id)
    expect((await c.post('/auth/sessions/end', { ref: list[1].ref })).code).toBe(200)
    expect((await c.get('/auth/sessions')).data.list).toHaveLength(2)
    const phoneCookie = `mall_admin=${phone.cookies.find((x: { name: string }) => x.name === 'mall_admin')!.value}`
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/auth/me', headers: { cookie: phoneCookie } })).json().code).toBe(AdminCode.NOT_SIGNED_IN)
    // Another staff's session cannot be ended from here (not found, nothing ended).
    const other = await signIn(t, 'service')
    const otherRef = (await adminClient(t, other).get('/auth/sessions')).data.list[0].ref
    expect((await c.post('/auth/sessions/end', { ref: otherRef })).code).toBe(404)
    expect((await adminClient(t, other).get('/auth/me')).code).toBe(200)
    expect((await c.get('/system/sessions')).code).toBe(AdminCode.FORBIDDEN)
    // The owner sees everyone's and ends any.
    const owner = adminClient(t, await signIn(t, 'owner'))
    const all = (await owner.get('/system/sessions')).data.list
    expect(all.find((x: any) => x.ref === otherRef)).toMatchObject({ username: other.username })
    expect((await owner.post('/system/sessions/end', { ref: otherRef })).code).toBe(200)
    expect((await adminClient(t, other).get('/auth/me')).code).toBe(AdminCode.NOT_SIGNED_IN)
    const rows = await auditRows(t, 'staff.session-end')
    expect(rows.map((r) => [r.staffId, r.targetId])).toEqual(
      expect.arrayContaining([
        [s.staffId, String(s.staffId)],
        [expect.any(Number), String(other.staffId)],
      ]),
    )
    expect(JSON.stringify(rows)).not.toMatch(/mall_admin|[0-9a-f]{64}/)
  })

  it('npm run admin -- staff add creates an account and prints a generated password', async () => {
    const lines: string[] = []
    const code = await runAdminCommand(['staff', 'add', 'cliuser', 'operator'], { config: t.ctx.config, db: t.db, out: (l) => lines.push(l) })
    expect(code).toBe(0)
    const pw = lines.join('\n').match(/初始密码：([\w-]+)/)?.[1]
    expect(pw).toBeTruthy()
    await expect(login(t, 'cliuser', pw!)).resolves.toBeTruthy()
    expect(await runAdminCommand(['staff', 'add', 'cliuser2', 'king'], { config: t.ctx.config, db: t.db, out: () => {} })).toBe(1)
  })
})

describe('TOTP codes (RFC 6238 appendix B, SHA-1)', () => {
  const secret = base32Encode(Buffer.from('12345678901234567890'))
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s, accepted one step either side and no further', (seconds, code) => {
    expect(totpAt(secret, seconds * 1000)).toBe(code)
    expect(matchTotp(secret, code, seconds * 1000 + 30_000)).toBe(Math.floor(seconds / 30))
    expect(matchTotp(secret, code, seconds * 1000 - 30_000)).toBe(Math.floor(seconds / 30))
    expect(matchTotp(secret, code, seconds * 1000 + 90_000)).toBeNull()
    expect(base32Decode(secret).toString()).toBe('12345678901234567890')
  })
})
