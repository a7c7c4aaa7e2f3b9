import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Roles the owner edits (docs/console.md "Roles and permissions"):
 *  - staff_roles: a role's code (what staff.role holds; the built-in ones keep the codes they had: owner,
 *    operator, service, finance), its Chinese name, its permissions (a JSON array of the server's declared
 *    permission strings) and whether it is built in (built-in roles are never deleted; 店主 is never edited and
 *    always has every permission, whatever its row says);
 *  - staff.real_name / phone: the staff's 姓名 and 手机号 (empty for accounts made before);
 *  - staff.must_change_password: 1 while the password is one somebody else saw (generated, reset, typed by the
 *    owner, the demo seed's): the console refuses everything but changing it and signing out.
 * The built-in roles' permissions are the ones the code fixed until now (types/admin.ts ROLE_PERMISSIONS).
 */
export const BUILT_IN_ROLES: Array<[code: string, name: string, permissions: string[]]> = [
  ['owner', '店主', []],
  [
    'operator',
    '运营',
    [
      'dashboard.read',
      'goods.read',
      'goods.write',
      'storefront.read',
      'storefront.write',
      'orders.read',
      'orders.write',
      'afterSales.read',
      'afterSales.write',
      'refunds.write',
      'members.read',
      'marketing.read',
      'marketing.write',
      'content.read',
      'content.write',
      'agents.read',
    ],
  ],
  ['service', '客服', ['dashboard.read', 'orders.read', 'afterSales.read', 'afterSales.write', 'members.read', 'members.write', 'feedback.read', 'feedback.write', 'content.read']],
  ['finance', '财务', ['dashboard.read', 'orders.read', 'afterSales.read', 'refunds.write', 'members.read', 'withdrawals.read', 'withdrawals.write', 'ledgers.read', 'agents.read']],
]

export async function up(db: Kysely<any>) {
  await createTable(db, 'staff_roles')
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  const t = Date.now()
  await db
    .insertInto('staff_roles')
    .values(BUILT_IN_ROLES.map(([code, name, permissions]) => ({ code, name, permissions: JSON.stringify(permissions), built_in: 1, created_at: t, updated_at: t })))
    .execute()
  await db.schema
    .alterTable('staff')
    .addColumn('real_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('staff')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('staff')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('staff_role').on('staff').column('role').execute()
}
