import type { Seeder } from './seeder'
import type { Db } from '../db/types'
import '../db/promotionTables'
import { chinaDay, chinaHour, parseChinaTime } from '../services/chinaTime'

const HOUR = 3600_000
/** The daily slots (China time), two hours each; they repeat every day. */
export const DAILY_SLOTS = ['10:00', '14:00', '20:00']
export const SLOT_HOURS = 2

/** ¥ price rounded down to ..9 yuan. */
const flashPrice = (fen: number, share: number) => Math.max(100, (Math.floor((fen * share) / 1000) * 10 - 1) * 100)

/**
 * Today's flash sales: the daily slots, plus a session running now (from the current hour, three
 * hours) when no slot has at least an hour left. Five goods per session from different categories,
 * at about half price, with real SKUs of the catalogue, quotas within their stock, limits of 1 or 2.
 */
export const seckillSeeder: Seeder = {
  name: 'flash sales',
  async run({ db }) {
    await seedSessions(db, Date.now())
  },
}

export async function seedSessions(db: Db, now: number) {
  const day = chinaDay(now)
  const slots = DAILY_SLOTS.map((title) => ({ title, startAt: parseChinaTime(day, title), endAt: parseChinaTime(day, title) + SLOT_HOURS * HOUR, repeatDaily: 1 }))
  const running = slots.some((s) => s.startAt <= now && s.endAt - now >= HOUR)
  const sessions = [...slots]
  if (!running) {
    const hh = chinaHour(now)
    const title = `${String(hh).padStart(2, '0')}:00`
    if (!slots.some((s) => s.title === title)) sessions.push({ title, startAt: parseChinaTime(day, title), endAt: parseChinaTime(day, title) + 3 * HOUR, repeatDaily: 0 })
  }
  sessions.sort((a, b) => a.startAt - b.startAt)
  const skus = await db
    .selectFrom('goodsSkus as s')
    .innerJoin('goods as g', 'g.id', 's.goodsId')
    .select(['s.id as skuId', 's.goodsId', 's.price', 's.stock', 'g.categoryId'])
    .where('g.status', '=', 'on')
    .where('s.stock', '>=', 60)
    .orderBy('g.sales', 'desc')
    .orderBy('s.id')
    .limit(400)
    .execute()
  const used = new Set<number>()
  const pickFive = () => {
    const cats = new Set<number>()
    const out: typeof skus = []
    for (const s of skus) {
      if (out.length >= 5) break
      if (used.has(s.goodsId) || cats.has(s.categoryId)) continue
      used.add(s.goodsId)
      cats.add(s.categoryId)
      out.push(s)
    }
    return out
  }
  for (const [si, s] of sessions.entries()) {
    const row = await db
      .insertInto('seckillSessions')
      .values({ day, title: s.title, startAt: s.startAt, endAt: s.endAt, repeatDaily: s.repeatDaily, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const items = pickFive()
    if (!items.length) continue
    await db
      .insertInto('seckillItems')
      .values(
        items.map((k, i) => ({
          sessionId: row.id,
          goodsId: k.goodsId,
          skuId: k.skuId,
          price: flashPrice(Number(k.price), 0.45 + ((si + i) % 3) * 0.05),
          quota: Math.min(Number(k.stock) - 10, 30 + ((si * 5 + i) % 4) * 20),
          sold: 0,
          perMemberLimit: i % 2 === 0 ? 1 : 2,
          sort: i,
          createdAt: now,
        })),
      )
      .execute()
  }
}
