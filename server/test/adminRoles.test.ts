import fs from 'node:fs'
import path from 'node:path'
import { AdminCode, PERMISSIONS } from '../../types/admin'
import { runAdminCommand } from '../src/adminCommands'
import '../src/admin/cli'
import { PERMISSION_LIST } from '../src/admin/permissions'
import { permissionTable } from '../src/admin/permissionTable'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, login, signIn } from './adminHelpers'

const staffBody = (username: string, role: string, extra: Record<string, unknown> = {}) => ({ username, realName: '李四', phone: '13912345678', role, ...extra })

it('docs/console.md carries the permission table written from the declared list (npx tsx scripts/permission-table.ts)', () => {
  expect(fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'console.md'), 'utf8')).toContain(permissionTable())
})

describe.each(DIALECTS)('console roles, staff names and the first password change (%s)', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(() => t.close())

  it('declares every permission once with a Chinese name and a menu group; the four built-in roles are seeded', async () => {
    expect(PERMISSION_LIST.map((p) => p.permission).sort()).toEqual([...PERMISSIONS].sort())
    for (const p of PERMISSION_LIST) {
      expect(p.name).toMatch(/[\u4e00-\u9fa5]/)
      expect(p.group).toMatch(/^[\u4e00-\u9fa5]+$/)
    }
    const owner = await signIn(t, 'owner')
    const r = await adminClient(t, owner).get('/system/roles')
    expect(r.code).toBe(200)
    expect(r.data.permissions).toEqual(PERMISSION_LIST)
    expect(r.data.roles.map((x: { role: string; name: string }) => [x.role, x.name])).toEqual([
      ['owner', '店主'],
      ['operator', '运营'],
      ['service', '客服'],
      ['finance', '财务'],
    ])
    expect(r.data.roles[0]).toMatchObject({ owner: true, builtIn: true, permissions: [...PERMISSIONS] })
  })

  it('creates, edits and deletes a role (audited); the owner role is protected, built-in roles and roles in use are kept', async () => {
    const owner = await signIn(t, 'owner')
    const c = adminClient(t, owner)
    const made = await c.post('/system/roles', { name: '仓库', permissions: ['orders.write', 'orders.read', 'orders.read'] })
    expect(made.code).toBe(200)
    expect(made.data).toMatchObject({ name: '仓库', permissions: ['orders.read', 'orders.write'], builtIn: false, owner: false, staffCount: 0 })
    const code = made.data.role
    expect(code).toMatch(/^r[0-9a-f]{8}$/)
    expect((await c.post('/system/roles', { name: '仓库', permissions: ['orders.read'] })).msg).toBe('已有名为「仓库」的角色')
    expect((await c.post('/system/roles', { name: '空的', permissions: [] })).msg).toBe('请至少勾选一项权限')
    expect((await c.post('/system/roles', { name: '乱的', permissions: ['orders.read', 'root.all'] })).code).toBe(400)
    // Undeclared keys are dropped: a role made through the API is never built in.
    expect((await c.post('/system/roles', { name: '多的', permissions: ['orders.read'], builtIn: true, role: 'owner' })).data).toMatchObject({ builtIn: false, owner: false })

    const edited = await c.put(`/system/roles/${code}`, { name: '仓库发货', permissions: ['orders.read', 'orders.write', 'goods.read'] })
    expect(edited.data).toMatchObject({ name: '仓库发货', permissions: ['goods.read', 'orders.read', 'orders.write'] })
    const [row] = (await auditRows(t, 'role.update')).slice(-1)
    expect(JSON.parse(row.beforeJson!).name).toBe('仓库')
    expect(JSON.parse(row.afterJson!).name).toBe('仓库发货')
    expect((await auditRows(t, 'role.create')).map((r) => r.targetId)).toContain(code)

    const ownerEdit = await c.put('/system/roles/owner', { name: '老板', permissions: ['orders.read'] })
    expect([ownerEdit.code, ownerEdit.msg]).toEqual([409, '店主角色拥有全部权限，不能修改'])
    expect((await c.del('/system/roles/owner')).msg).toBe('系统自带的角色不能删除')
    expect((await c.del('/system/roles/service')).msg).toBe('系统自带的角色不能删除')
    // A built-in role other than 店主 is edited like any other.
    expect((await c.put('/system/roles/service', { name: '客服', permissions: ['orders.read', 'feedback.read'] })).code).toBe(200)

    const staff = await c.post('/system/staff', staffBody('picker1', code))
    expect(staff.data.staff).toMatchObject({ role: code, roleName: '仓库发货', realName: '李四', phone: '13912345678' })
    const inUse = await c.del(`/system/roles/${code}`)
    expect([inUse.code, inUse.msg]).toEqual([409, '还有 1 名员工使用「仓库发货」角色，请先为他们更换角色再删除'])
    expect((await c.get('/system/roles')).data.roles.find((r: { role: string }) => r.role === code).staffCount).toBe(1)
    await c.put(`/system/staff/${staff.data.staff.id}`, { role: 'service' })
    expect((await c.del(`/system/roles/${code}`)).code).toBe(200)
    expect((await c.del(`/system/roles/${code}`)).code).toBe(404)
    expect(JSON.parse((await auditRows(t, 'role.delete'))[0].beforeJson!)).toMatchObject({ role: code, name: '仓库发货' })
    // A staff cannot be given a role that does not exist.
    expect((await c.put(`/system/staff/${staff.data.staff.id}`, { role: code })).code).toBe(400)
  })

  it('the permission check follows a role change on the staff’s next request', async () => {
    const owner = adminClient(t, await signIn(t, 'owner'))
    const role = (await owner.post('/system/roles', { name: '只看会员', permissions: ['members.read'] })).data.role
    const created = await owner.post('/system/staff', staffBody('watcher1', role, { password: 'Watch-pass1' }))
    const first = await login(t, 'watcher1', 'Watch-pass1')
    await adminClient(t, first).post('/auth/password', { oldPassword: 'Watch-pass1', newPassword: 'Watch-pass2' })
    const w = adminClient(t, first)
    expect((await w.get('/members/list')).code).not.toBe(AdminCode.FORBIDDEN)
    expect((await w.get('/orders/list')).code).toBe(AdminCode.FORBIDDEN)
    expect((await w.get('/auth/me')).data.permissions).toEqual(['members.read'])
    await owner.put(`/system/roles/${role}`, { name: '只看会员', permissions: ['orders.read'] })
    expect((await w.get('/orders/list')).code).not.toBe(AdminCode.FORBIDDEN)
    expect((await w.get('/members/list')).code).toBe(AdminCode.FORBIDDEN)
    expect((await w.get('/auth/me')).data.permissions).toEqual(['orders.read'])
    // Moving the staff to another role works the same way.
    await owner.put(`/system/staff/${created.data.staff.id}`, { role: 'finance' })
    expect((await w.get('/pay/daily')).code).not.toBe(AdminCode.FORBIDDEN)
  })

  it('staff have a 姓名 and a valid 手机号, shown in the staff list and the audit log', async () => {
    const s = await signIn(t, 'owner')
    const c = adminClient(t, s)
    expect((await c.post('/system/staff', staffBody('noname1', 'service', { realName: '' }))).code).toBe(400)
    expect((await c.post('/system/staff', staffBody('noname2', 'service', { realName: '   ' }))).msg).toBe('请填写姓名')
    const badPhone = await c.post('/system/staff', staffBody('badphone', 'service', { phone: '12345678901' }))
    expect([badPhone.code, badPhone.msg]).toEqual([400, '手机号格式不正确'])
    expect((await c.post('/system/staff', staffBody('shortph', 'service', { phone: '1391234' }))).msg).toBe('手机号格式不正确')
    const { username: _u, ...withoutUsername } = staffBody('x', 'service')
    expect((await c.post('/system/staff', withoutUsername)).code).toBe(400)
    const ok = await c.post('/system/staff', staffBody('named1', 'service', { realName: ' 王五 ' }))
    expect(ok.data.staff).toMatchObject({ realName: '王五', phone: '13912345678', roleName: '客服' })
    const id = ok.data.staff.id
    expect((await c.put(`/system/staff/${id}`, { phone: '10000000000' })).msg).toBe('手机号格式不正确')
    const edited = await c.put(`/system/staff/${id}`, { realName: '王小五', phone: '13700001111' })
    expect(edited.data).toMatchObject({ realName: '王小五', phone: '13700001111' })
    const list = (await c.get('/system/staff')).data
    expect(list.find((x: { id: number }) => x.id === id)).toMatchObject({ realName: '王小五', phone: '13700001111', roleName: '客服' })
    await t.db.updateTable('staff').set({ realName: '赵店长' }).where('id', '=', s.staffId).execute()
    const audit = await c.get('/system/audit', { action: 'staff.update', targetId: String(id) })
    expect(audit.data.list[0]).toMatchObject({ staffName: s.username, staffRealName: '赵店长' })
  })

  it('a generated or reset password must be changed first: every other route answers 8008 until it is', async () => {
    const owner = adminClient(t, await signIn(t, 'owner'))
    const made = await owner.post('/system/staff', staffBody('fresh1', 'operator'))
    const pw = made.data.password
    const s = await login(t, 'fresh1', pw)
    const c = adminClient(t, s)
    const me = await c.get('/auth/me')
    expect([me.code, me.data.mustChangePassword]).toEqual([200, true])
    for (const [method, url] of [
      ['GET', '/goods/list'],
      ['GET', '/auth/2fa'],
      ['GET', '/auth/sessions'],
      ['GET', '/dashboard'],
    ] as const) {
      const r = method === 'GET' ? await c.get(url) : await c.post(url)
      expect([url, r.code]).toEqual([url, AdminCode.PASSWORD_CHANGE_REQUIRED])
    }
    expect((await c.post('/auth/2fa/setup')).code).toBe(AdminCode.PASSWORD_CHANGE_REQUIRED)
    expect((await c.post('/auth/password', { oldPassword: pw, newPassword: pw })).msg).toBe('新密码不能与原密码相同')
    expect((await c.post('/auth/password', { oldPassword: pw, newPassword: 'Fresh-pass9' })).code).toBe(200)
    expect((await c.get('/auth/me')).data.mustChangePassword).toBe(false)
    expect((await c.get('/dashboard')).code).toBe(200)

    // A reset password sets it again, and a staff created with a password the owner typed must change it too.
    await owner.post(`/system/staff/${made.data.staff.id}/password`)
    expect(await t.db.selectFrom('staff').select('mustChangePassword').where('id', '=', made.data.staff.id).executeTakeFirst()).toEqual({ mustChangePassword: 1 })
    const typed = await owner.post('/system/staff', staffBody('typed1', 'operator', { password: 'Typed-pass1' }))
    expect(typed.data.staff.id).toBeGreaterThan(0)
    expect((await adminClient(t, await login(t, 'typed1', 'Typed-pass1')).get('/goods/list')).code).toBe(AdminCode.PASSWORD_CHANGE_REQUIRED)
    // Signing out still works.
    const again = await login(t, 'typed1', 'Typed-pass1')
    expect((await adminClient(t, again).post('/auth/logout')).code).toBe(200)
  })

  it('the demo owner must change admin123456; the CLI takes role codes and Chinese names, a generated password sets the flag', async () => {
    const { createStaff } = await import('../src/admin/staff')
    const seeded = await createStaff(t.db, { username: 'demoowner', role: 'owner', password: 'admin123456', mustChangePassword: true })
    expect((await adminClient(t, await login(t, 'demoowner', 'admin123456')).get('/system/staff')).code).toBe(AdminCode.PASSWORD_CHANGE_REQUIRED)
    expect(seeded.staff.roleName).toBe('店主')

    const owner = adminClient(t, await signIn(t, 'owner'))
    await owner.post('/system/roles', { name: '打包员', permissions: ['orders.read'] })
    const lines: string[] = []
    const out = (l: string) => lines.push(l)
    expect(await runAdminCommand(['staff', 'add', 'clipack', '打包员'], { config: t.ctx.config, db: t.db, out })).toBe(0)
    expect(await runAdminCommand(['staff', 'add', 'cliops', 'operator', 'Cli-pass12'], { config: t.ctx.config, db: t.db, out })).toBe(0)
    expect(lines.join('\n')).toContain('已创建员工 clipack（打包员）')
    const rows = await t.db.selectFrom('staff').select(['username', 'mustChangePassword']).where('username', 'in', ['clipack', 'cliops']).orderBy('username').execute()
    expect(rows).toEqual([
      { username: 'cliops', mustChangePassword: 0 },
      { username: 'clipack', mustChangePassword: 1 },
    ])
  })
})
