import type { Insertable } from 'kysely'
import type { Seeder } from './seeder'
import type { Db } from '../db/types'
import type { GoodsTable } from '../db/tables'
import type { SpecGroup } from '../../../types/goods'
import { BRANDS, CATALOG, FOLLOW_UPS, NOUN_SHAPES, RATING_WORDS, REVIEWERS, SEED_HOT_WORDS, type SpecDef, type SubDef } from './catalog'
import { brandLogoSvg, categorySvg, detailSvg, goodsSvg, reviewSvg, writeMedia } from './media'
import { DEMO_SHOPPER_PHONE } from './member'
import { goodsRow, memberRow, skuRow } from './rows'
import { syncFreeShippingTags } from '../modules/order/freight'
import '../modules/goods/tables'

/** The object a goods is drawn as: its noun's own (every noun has one, NOUN_SHAPES), the sub-category's otherwise. */
const shapeFor = (noun: string, fallback: string) => NOUN_SHAPES[noun] || fallback

/** Goods per sub-category: 41 sub-categories × 5 = 205 goods. */
export const GOODS_PER_SUB = 5
const DAY = 86400_000

/** Small deterministic PRNG (mulberry32), so every seed draws the same shop. */
export function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const chunk = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

async function insertReturningIds<T extends Record<string, unknown>>(db: Db, table: string, rows: T[], size = 100): Promise<number[]> {
  const ids: number[] = []
  for (const part of chunk(rows, size)) {
    const res = await (db as any).insertInto(table).values(part).returning('id').execute()
    ids.push(...res.map((r: { id: number }) => Number(r.id)))
  }
  return ids
}

/** Every combination of the spec values, with the summed price delta. */
function combinations(specs: SpecDef[]): Array<{ specs: Record<string, string>; delta: number; first: number }> {
  let out: Array<{ specs: Record<string, string>; delta: number; first: number }> = [{ specs: {}, delta: 0, first: 0 }]
  specs.forEach((g, gi) => {
    const next: typeof out = []
    for (const c of out) g.values.forEach((v, vi) => next.push({ specs: { ...c.specs, [g.name]: v }, delta: c.delta + (g.deltas?.[vi] || 0), first: gi === 0 ? vi : c.first }))
    out = next
  })
  return out
}

const roundPrice = (yuan: number) => Math.max(9, Math.round(yuan / 10) * 10 - 1) * 100

interface Planned {
  row: Insertable<GoodsTable>
  /** Its tags before 热卖 and 新品, which depend on the whole catalogue. */
  tags: string[]
  skus: Array<Omit<Parameters<typeof skuRow>[0], 'goodsId'>>
  reviews: Array<{ row: Record<string, unknown>; sku: number; followUp: string | null }>
}

export async function seedCatalog(db: Db, dataDir: string) {
  const rand = rng(20241122)
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]
  const now = Date.now()
  const media: Array<[string, string]> = []

  // Categories: tops, then their subs.
  const topIds = await insertReturningIds(
    db,
    'categories',
    CATALOG.map((t, ti) => {
      media.push([`category/c${ti + 1}.svg`, categorySvg(t.shape, t.hue)])
      return { parentId: 0, name: t.name, icon: `/media/category/c${ti + 1}.svg`, sort: ti + 1 }
    }),
  )
  const subRows: Array<Record<string, unknown>> = []
  const subRefs: Array<{ ti: number; si: number; sub: SubDef }> = []
  CATALOG.forEach((t, ti) =>
    t.subs.forEach((s, si) => {
      const file = `category/c${ti + 1}-${si + 1}.svg`
      media.push([file, categorySvg(s.shape, (t.hue + si * 30) % 360)])
      subRows.push({ parentId: topIds[ti], name: s.name, icon: `/media/${file}`, sort: si + 1 })
      subRefs.push({ ti, si, sub: s })
    }),
  )
  const subIds = await insertReturningIds(db, 'categories', subRows)

  // Brands.
  const brandIds = await insertReturningIds(
    db,
    'brands',
    BRANDS.map((b, i) => {
      media.push([`brand/b${i + 1}.svg`, brandLogoSvg(b.name, b.hue)])
      return { name: b.name, logo: `/media/brand/b${i + 1}.svg`, intro: b.intro, isExclusive: b.exclusive ? 1 : 0, sort: b.exclusive ? i : 100 + i }
    }),
  )

  // Reviewers: demo members who wrote the reviews (no phone: they cannot log in).
  const reviewerIds = await insertReturningIds(
    db,
    'members',
    REVIEWERS.map((nickname, i) => memberRow(now - 200 * DAY, { nickname, gender: i % 2 ? 1 : 2 })),
  )
  const shopper = await db.selectFrom('members').select('id').where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst()
  if (shopper) reviewerIds.push(shopper.id)

  // Review photos: three per goods noun, showing that goods.
  subRefs.forEach(({ ti, si, sub }, k) => {
    sub.nouns.forEach((noun, j) => {
      for (let n = 0; n < 3; n++) media.push([`review/r${k + 1}-${j + 1}-${n + 1}.svg`, reviewSvg(shapeFor(noun, sub.shape), (CATALOG[ti].hue + si * 30 + n * 70) % 360, n)])
    })
  })

  // Goods, SKUs and reviews, planned in memory and inserted in batches.
  const planned: Planned[] = []
  let n = 0
  subRefs.forEach(({ ti, si, sub }, k) => {
    const top = CATALOG[ti]
    const brands = BRANDS.map((b, bi) => ({ b, id: brandIds[bi] })).filter((x) => x.b.tops.includes(top.name))
    const used = new Set<string>()
    for (let i = 0; i < GOODS_PER_SUB; i++) {
      n += 1
      const hue = (top.hue + si * 30 + i * 11) % 360
      const brand = brands.length && rand() < 0.65 ? pick(brands) : null
      const noun = sub.nouns[i % sub.nouns.length]
      let a = i
      while (used.has(`${noun}|${sub.adjs[a % sub.adjs.length]}`)) a += 1
      const adj = sub.adjs[a % sub.adjs.length]
      used.add(`${noun}|${adj}`)
      const name = `${brand ? `${brand.b.name} ` : ''}${noun} ${adj}`
      const points = [...sub.points].sort(() => rand() - 0.5).slice(0, 3)
      const subtitle = points.join(' · ')
      const images = [0, 1, 2, 3].map((v) => `/media/goods/g${n}-${v + 1}.svg`)
      const labels = ['', '细节展示', sub.specs.length ? '多色可选' : '品质保障', '实物拍摄']
      const shape = shapeFor(noun, sub.shape)
      images.forEach((_, v) => media.push([`goods/g${n}-${v + 1}.svg`, goodsSvg({ name: `${noun}`, shape, hue, variant: v, label: labels[v] })]))
      media.push([`goods/g${n}-d1.svg`, detailSvg({ title: noun, line: points.join('  '), shape, hue, index: 1 })])
      media.push([`goods/g${n}-d2.svg`, detailSvg({ title: '品质之选', line: sub.points.slice(0, 3).join(' · '), shape, hue, index: 2 })])

      const basePrice = roundPrice(sub.price[0] + (sub.price[1] - sub.price[0]) * rand())
      const combos = combinations(sub.specs)
      const sales = Math.floor(Math.pow(rand(), 2.2) * 30000) + 3
      const skus = combos.map((c, ci) => {
        const price = basePrice + c.delta
        const stock = rand() < 0.12 ? 0 : Math.floor(rand() * 300) + 5
        return {
          specs: JSON.stringify(c.specs),
          specText: Object.values(c.specs).join(' / '),
          price,
          originalPrice: Math.round((price * (1.25 + rand() * 0.3)) / 1000) * 1000,
          stock,
          sales: Math.floor(sales / combos.length) + (ci === 0 ? sales % combos.length : 0),
          image: images[c.first % images.length],
        }
      })
      // Every goods has something in stock to start with.
      if (!skus.some((s) => s.stock > 0)) skus[0].stock = 50
      const cheapest = skus.reduce((a, b) => (b.price < a.price ? b : a))
      const createdAt = now - Math.floor(rand() * 90 * DAY) - (i === 0 ? 0 : DAY)
      const specGroups: SpecGroup[] = sub.specs.map((g) => ({ name: g.name, values: g.values }))

      const reviews: Planned['reviews'] = []
      const reviewCount = n % 5 === 4 ? 0 : Math.floor(rand() * 9)
      for (let r = 0; r < reviewCount; r++) {
        const x = rand()
        const rating = x < 0.65 ? 5 : x < 0.85 ? 4 : x < 0.93 ? 3 : x < 0.97 ? 2 : 1
        const withImages = rand() < 0.35
        const skuIndex = Math.floor(rand() * skus.length)
        const imgs = withImages ? [1, 2, 3].slice(0, 1 + Math.floor(rand() * 3)).map((m) => `/media/review/r${k + 1}-${(i % sub.nouns.length) + 1}-${m}.svg`) : []
        const content = rating >= 4 ? `${pick(sub.praise)}，${pick(RATING_WORDS[rating])}` : pick(RATING_WORDS[rating])
        const at = Math.min(now - 3600_000, createdAt + Math.floor(rand() * 60 * DAY) + DAY)
        reviews.push({
          row: {
            memberId: reviewerIds[Math.floor(rand() * reviewerIds.length)],
            rating,
            content,
            images: JSON.stringify(imgs),
            anonymous: rand() < 0.2 ? 1 : 0,
            specText: skus[skuIndex].specText,
            createdAt: at,
          },
          sku: skuIndex,
          followUp: rating >= 4 && rand() < 0.15 ? pick(FOLLOW_UPS) : null,
        })
      }

      const brandLine = brand ? `<p>【品牌】${brand.b.name}：${brand.b.intro}</p>` : ''
      const specLine = specGroups.length ? `<p>【规格】${specGroups.map((g) => `${g.name}：${g.values.join('、')}`).join('；')}</p>` : ''
      const detailHtml =
        `<p>${name}</p><p>${sub.points.join('，')}，${pick(sub.praise)}。</p>` +
        `<img src="/media/goods/g${n}-d1.svg" />` +
        brandLine +
        specLine +
        `<p>【类目】${top.name} / ${sub.name}</p>` +
        `<img src="/media/goods/g${n}-d2.svg" />` +
        `<p>温馨提示：商品图片仅供参考，请以收到的实物为准；支持7天无理由退换（定制类商品除外）。</p>`

      // 包邮 is not typed here: syncFreeShippingTags writes it from the freight rules once the goods exist.
      const tags: string[] = []
      if (rand() < 0.5) tags.push('7天无理由')
      if (brand?.b.exclusive) tags.push('品牌专享')
      planned.push({
        row: goodsRow(createdAt, {
          categoryId: subIds[k],
          brandId: brand ? brand.id : null,
          name,
          subtitle,
          mainImage: images[0],
          images: JSON.stringify(images),
          detailHtml,
          specGroups: JSON.stringify(specGroups),
          price: cheapest.price,
          originalPrice: cheapest.originalPrice,
          sales,
          stock: skus.reduce((a, s) => a + s.stock, 0),
          // A few goods are off the shelf (they still show in old collects and footprints).
          status: n % 50 === 0 ? 'off' : 'on',
          isNew: createdAt > now - 20 * DAY ? 1 : 0,
          reviewCount: reviews.length,
          goodReviewCount: reviews.filter((r) => Number(r.row.rating) >= 4).length,
        }),
        tags,
        skus,
        reviews,
      })
    }
  })
  // Hot: the top 15% by sales.
  const hotLine = [...planned].sort((a, b) => Number(b.row.sales) - Number(a.row.sales))[Math.floor(planned.length * 0.15)].row.sales as number
  for (const p of planned) {
    const tags = p.tags
    if (Number(p.row.sales) > hotLine) {
      p.row.isHot = 1
      tags.unshift('热卖')
    }
    if (p.row.isNew) tags.unshift('新品')
    p.row.tags = tags.slice(0, 3).join(',')
  }

  const goodsIds = await insertReturningIds(
    db,
    'goods',
    planned.map((p) => p.row),
  )
  const skuRows = planned.flatMap((p, gi) => p.skus.map((s) => skuRow({ ...s, goodsId: goodsIds[gi] })))
  const skuIds = await insertReturningIds(db, 'goods_skus', skuRows, 400)
  const firstSku: number[] = []
  let at = 0
  for (const p of planned) {
    firstSku.push(at)
    at += p.skus.length
  }
  const reviewPlan = planned.flatMap((p, gi) => p.reviews.map((r) => ({ ...r, gi })))
  const reviewIds = await insertReturningIds(
    db,
    'goods_reviews',
    reviewPlan.map((r) => ({ ...r.row, goodsId: goodsIds[r.gi], skuId: skuIds[firstSku[r.gi] + r.sku] })),
    200,
  )
  const followUps = reviewPlan
    .map((r, i) => ({ r, id: reviewIds[i] }))
    .filter((x) => x.r.followUp)
    .map((x) => ({
      goodsId: goodsIds[x.r.gi],
      skuId: skuIds[firstSku[x.r.gi] + x.r.sku],
      memberId: x.r.row.memberId,
      parentId: x.id,
      rating: x.r.row.rating,
      content: x.r.followUp,
      images: '[]',
      anonymous: x.r.row.anonymous,
      specText: x.r.row.specText,
      createdAt: Math.min(now - 60_000, Number(x.r.row.createdAt) + 15 * DAY),
    }))
  if (followUps.length) await insertReturningIds(db, 'goods_reviews', followUps, 200)

  await db
    .insertInto('searchTerms')
    .values(SEED_HOT_WORDS.map(([term, count]) => ({ term, count, updatedAt: now })))
    .execute()

  writeMedia(dataDir, media)
  return { goods: goodsIds.length, skus: skuIds.length, reviews: reviewIds.length + followUps.length, media: media.length }
}

export const goodsSeeder: Seeder = {
  name: 'goods',
  async run(ctx) {
    await seedCatalog(ctx.db, ctx.config.dataDir)
    await syncFreeShippingTags(ctx.db)
  },
}
