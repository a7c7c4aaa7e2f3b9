import type { Seeder } from './seeder'
import { createStaff } from '../admin/staff'

/**
 * The console's owner account admin / admin123456, which everyone knows, so the console asks for a new password at
 * its first sign-in. Demo data only (seeders run on a fresh demo database).
 */
export const staffSeeder: Seeder = {
  name: 'staff',
  run: async ({ db }) => {
    await createStaff(db, { username: 'admin', role: 'owner', password: 'admin123456', realName: '店主', mustChangePassword: true })
  },
}
