import type { Seeder } from './seeder'
import { DEMO_RETURN_ADDRESS } from '../modules/afterSales/doctor'

/**
 * The demo shop's return address (its value lives with the setup check, which warns while it is still the default).
 * Demo data only: written by this seeder (a first start on an empty database) and nowhere else.
 */
export const afterSalesSeeder: Seeder = {
  name: 'after-sales',
  async run({ db }) {
    await db
      .insertInto('returnAddresses')
      .values({ ...DEMO_RETURN_ADDRESS, isDefault: 1, createdAt: Date.now() })
      .execute()
  },
}
