import type { Seeder } from './seeder'

/** Demo recharge packages (营销 → 充值 edits them): pay ¥100 get ¥10, pay ¥200 get ¥30, pay ¥500 get ¥100. */
export const DEMO_RECHARGE_PACKAGES = [
  { name: '充100送10', payAmount: 10000, bonusAmount: 1000, sort: 1 },
  { name: '充200送30', payAmount: 20000, bonusAmount: 3000, sort: 2 },
  { name: '充500送100', payAmount: 50000, bonusAmount: 10000, sort: 3 },
]

export const rechargeSeeder: Seeder = {
  name: 'recharge',
  async run({ db }) {
    const t = Date.now()
    await db
      .insertInto('rechargePackages')
      .values(DEMO_RECHARGE_PACKAGES.map((p) => ({ ...p, enabled: 1, createdAt: t, updatedAt: t })))
      .execute()
  },
}
