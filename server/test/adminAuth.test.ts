import { AdminCode } from '../../types/admin'
import { createStaff } from '../src/admin/staff'
import { runAdminCommand } from '../src/adminCommands'
import '../src/admin/cli'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, login, signIn } from './adminHelpers'

describe.each(DIALECTS)('console sign-in and staff (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
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

  it('refuses wrong passwords, then locks the account after 5 within 15 minutes (even the right password)', async () => {
    await createStaff(t.db, { username: 'locky', role: 'service', password: 'Secret123' })
    for (let i = 1; i <= 4; i++) {
      const r = (await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username: 'locky', password: 'wrong' + i } })).json()
      expect(r.code).toBe(AdminCode.BAD_CREDENTIALS)
      expect(r.msg).toContain(`还可尝试 ${5 - i} 次`)
    }
    const fifth = (await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username: 'locky', password: 'wrong5' } })).json()
    expect(fifth.code).toBe(AdminCode.LOCKED)
    const right = (await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username: 'locky', password: 'Secret123' } })).json()
    expect(right.code).toBe(AdminCode.LOCKED)
    expect(right.data.lockedUntil).toBeGreaterThan(Date.now())
    // After the lock: the right password works again.
    await t.db
      .updateTable('staff')
      .set({ lockedUntil: Date.now() - 1 })
      .where('username', '=', 'locky')
      .execute()
    await expect(login(t, 'locky', 'Secret123')).resolves.toBeTruthy()
    const unknown = (await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username: 'nobody', password: 'x' } })).json()
    expect(unknown.code).toBe(AdminCode.BAD_CREDENTIALS)
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
    const created = await c.post('/system/staff', { username: 'newbie', role: 'service' })
    expect(created.code).toBe(200)
    expect(created.data.password.length).toBeGreaterThanOrEqual(12)
    await expect(login(t, 'newbie', created.data.password)).resolves.toBeTruthy()
    const bad = await c.post('/system/staff', { username: 'x', role: 'service' })
    expect(bad.code).toBe(400)
    expect(bad.msg).toContain('用户名')
    // Undeclared keys are dropped before the handler (docs/API.md, the same rule as the shop's): never stored.
    const extra = await c.post('/system/staff', { username: 'extra1', role: 'service', isAdmin: true, failedAttempts: -100 })
    expect(extra.code).toBe(200)
    expect(await t.db.selectFrom('staff').select(['role', 'failedAttempts']).where('username', '=', 'extra1').executeTakeFirst()).toEqual({ role: 'service', failedAttempts: 0 })
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
