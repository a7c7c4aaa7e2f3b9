import type { Seeder } from '../shopModule'

/** The shop's return address (returns are sent here once the operator approves them). */
export const DEMO_RETURN_ADDRESS = { name: '花语商城售后部', phone: '057188886666', province: '浙江省', city: '杭州市', district: '余杭区', detail: '仓前街道文一西路 1500 号 3 号仓 售后组' }

export const afterSalesSeeder: Seeder = {
  name: 'after-sales',
  async run({ db }) {
    const any = await db.selectFrom('returnAddresses').select('id').limit(1).executeTakeFirst()
    if (any) return
    await db
      .insertInto('returnAddresses')
      .values({ ...DEMO_RETURN_ADDRESS, isDefault: 1, createdAt: Date.now() })
      .execute()
  },
}
