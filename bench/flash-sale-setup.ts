// Prepares a flash-sale bench database (run by bench/flash-sale.mjs through tsx): migrations, one goods with
// one SKU, a session running now with one item (quota = stock), N members with a login token and a default
// address each. Because members exist, the server skips the demo seed. Writes { itemId, skuId, tokens } as JSON.
// Env: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite file DATA_DIR/mall.sqlite), MEMBERS, STOCK, LIMIT, OUT.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createDb } from '../server/src/db'
import { migrateToLatest } from '../server/src/db/migrate'
import { hashToken } from '../server/src/plugins/auth'
import { goodsRow, memberRow, skuRow } from '../server/src/demo/rows'
import '../server/src/db/tables'
import '../server/src/db/tradeTables'
import '../server/src/db/promotionTables'

const env = process.env
const members = Number(env.MEMBERS || 2000)
const stock = Number(env.STOCK || 100)
const limit = Number(env.LIMIT || 1)
const chinaDay = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10)

async function main() {
  const db = createDb({ databaseUrl: env.DATABASE_URL || '', sqliteFile: path.join(env.DATA_DIR || '/tmp/flash-bench', 'mall.sqlite'), poolSize: 4 })
  try {
    await migrateToLatest(db)
    const t = Date.now()
    const g = await db
      .insertInto('goods')
      .values(goodsRow(t, { categoryId: 1, name: '秒杀压测商品', price: 9900, originalPrice: 12900, stock }))
      .returning('id')
      .executeTakeFirstOrThrow()
    const sku = await db
      .insertInto('goodsSkus')
      .values(skuRow({ goodsId: g.id, price: 9900, originalPrice: 12900, stock }))
      .returning('id')
      .executeTakeFirstOrThrow()
    const s = await db
      .insertInto('seckillSessions')
      .values({ day: chinaDay(t), title: 'bench', startAt: t - 60_000, endAt: t + 3600_000, repeatDaily: 0, createdAt: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const item = await db
      .insertInto('seckillItems')
      .values({ sessionId: s.id, goodsId: g.id, skuId: sku.id, price: 1990, quota: stock, sold: 0, perMemberLimit: limit, sort: 0, createdAt: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const tokens: string[] = []
    for (let i = 0; i < members; i += 500) {
      const n = Math.min(500, members - i)
      const rows = Array.from({ length: n }, (_, k) => memberRow(t, { nickname: '压测用户', phone: `166${String(i + k).padStart(8, '0')}` }))
      const ids = (await db.insertInto('members').values(rows).returning('id').execute()).map((r) => r.id)
      const batch = ids.map(() => crypto.randomBytes(24).toString('base64url'))
      tokens.push(...batch)
      await db
        .insertInto('sessions')
        .values(ids.map((memberId, k) => ({ tokenHash: hashToken(batch[k]), memberId, createdAt: t, expiresAt: t + 86400_000 })))
        .execute()
      await db
        .insertInto('memberAddresses')
        .values(
          ids.map((memberId) => ({
            memberId,
            name: '压测',
            phone: '13800138000',
            province: '浙江省',
            city: '杭州市',
            district: '西湖区',
            detail: '文三路 100 号',
            tag: '',
            isDefault: 1,
            createdAt: t,
            updatedAt: t,
          })),
        )
        .execute()
    }
    fs.writeFileSync(env.OUT || '/tmp/flash-bench.json', JSON.stringify({ itemId: item.id, skuId: sku.id, tokens }))
  } finally {
    await db.destroy()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
