import type { Seeder } from '../shopModule'

/**
 * The demo shop's return address. Demo data only: it is written by this seeder (a first start on an empty
 * database, with the rest of the demo shop) and nowhere else; a real shop sets its own in 设置 → 退货地址, and
 * the setup check warns while this one is still the default.
 */
export const DEMO_RETURN_ADDRESS = { name: '花语商城售后部', phone: '057188886666', province: '浙江省', city: '杭州市', district: '余杭区', detail: '仓前街道文一西路 1500 号 3 号仓 售后组' }

export const afterSalesSeeder: Seeder = {
  name: 'after-sales',
  async run({ db }) {
    await db
      .insertInto('returnAddresses')
      .values({ ...DEMO_RETURN_ADDRESS, isDefault: 1, createdAt: Date.now() })
      .execute()
  },
}
