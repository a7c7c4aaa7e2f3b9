import type { Db } from '../../db/types'
import '../../admin/tables'
import type { ReadCache } from '../../services/readCache'
import type { HomeSelfList, HomeSection } from '../../../../types/home'
import { CARD_COLUMNS, toCard, type CardRow } from '../goods/service'
import { hotWords } from '../goods/hotWords'

export const HOME_NOTICE_COUNT = 5
export const SECTION_SIZE = 6

/** The home data through the read cache: the home call and the H5 home page's HTML (preview.ts) share one entry. */
export const cachedSelfList = (db: Db, cache: ReadCache) => cache.get('home:selfList', () => selfList(db))

/** Everything the home page shows in one call: banners, icons, notices, goods sections, categories, hot words. */
export async function selfList(db: Db): Promise<HomeSelfList> {
  const now = Date.now()
  const onShelf = () => db.selectFrom('goods').select(CARD_COLUMNS).where('goods.status', '=', 'on')
  const [banners, navs, notices, hot, fresh, brands, categories, words] = await Promise.all([
    db
      .selectFrom('banners')
      .select(['id', 'title', 'image', 'link'])
      .where('position', '=', 'home')
      .where('status', '=', 'on')
      // The console's schedule (the read cache's TTL bounds how late a start or an end shows).
      .where((eb) => eb.and([eb.or([eb('startAt', 'is', null), eb('startAt', '<=', now)]), eb.or([eb('endAt', 'is', null), eb('endAt', '>', now)])]))
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('homeNavs').select(['id', 'title', 'icon', 'link']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('notices')
      .select(['id', 'title', 'isTop', 'createdAt'])
      .where('status', '=', 'on')
      .orderBy('isTop', 'desc')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(HOME_NOTICE_COUNT)
      .execute(),
    onShelf().orderBy('goods.sales', 'desc').orderBy('goods.id', 'desc').limit(SECTION_SIZE).execute(),
    onShelf().orderBy('goods.createdAt', 'desc').orderBy('goods.id', 'desc').limit(SECTION_SIZE).execute(),
    db.selectFrom('brands').select(['id', 'name', 'logo', 'intro']).where('isExclusive', '=', 1).orderBy('sort').orderBy('id').limit(8).execute(),
    db.selectFrom('categories').select(['id', 'name', 'icon']).where('parentId', '=', 0).orderBy('sort').orderBy('id').execute(),
    homeHotWords(db, 8),
  ])
  const brandGoods = brands.length
    ? await onShelf()
        .where(
          'goods.brandId',
          'in',
          brands.map((b) => b.id),
        )
        .orderBy('goods.sales', 'desc')
        .orderBy('goods.id', 'desc')
        .limit(SECTION_SIZE)
        .execute()
    : []
  const sections: HomeSection[] = [
    { key: 'hot', title: '热销榜单', subtitle: '大家都在买', moreLink: '/commonPages/search/goodsSearch?sort=sales', goods: hot.map((r) => toCard(r as CardRow)) },
    { key: 'new', title: '新品上架', subtitle: '每日上新', moreLink: '/commonPages/search/goodsSearch?sort=newest', goods: fresh.map((r) => toCard(r as CardRow)) },
  ]
  sections.unshift(...(await customSections(db, now)))
  if (brands.length)
    sections.push({ key: 'brand', title: '品牌专享', subtitle: '大牌好物 专享价', moreLink: '/commonPages/cfExclusive/index', goods: brandGoods.map((r) => toCard(r as CardRow)), brands })
  return {
    banners,
    navs,
    notices: notices.map((n) => ({ id: n.id, title: n.title, isTop: !!n.isTop, createdAt: Number(n.createdAt) })),
    sections: sections.filter((s) => s.goods.length),
    categories,
    hotWords: words,
  }
}

/** The console's pinned hot words first (hot_words, in order), then the most searched terms. */
export async function homeHotWords(db: Db, limit: number): Promise<string[]> {
  const [pinned, searched] = await Promise.all([db.selectFrom('hotWords').select('word').orderBy('sort').orderBy('id').limit(limit).execute(), hotWords(db, limit)])
  return [...new Set([...pinned.map((p) => p.word), ...searched])].slice(0, limit)
}

/** Goods sections configured in the console (home_sections), in their order and schedule; goods on the shelf, in the given order. */
async function customSections(db: Db, now: number): Promise<HomeSection[]> {
  const rows = await db
    .selectFrom('homeSections')
    .selectAll()
    .where('status', '=', 'on')
    .where((eb) => eb.and([eb.or([eb('startAt', 'is', null), eb('startAt', '<=', now)]), eb.or([eb('endAt', 'is', null), eb('endAt', '>', now)])]))
    .orderBy('sort')
    .orderBy('id')
    .execute()
  const out: HomeSection[] = []
  for (const r of rows) {
    const ids: number[] = JSON.parse(r.goodsIds || '[]')
    if (!ids.length) continue
    const goods = await db.selectFrom('goods').select(CARD_COLUMNS).where('goods.status', '=', 'on').where('goods.id', 'in', ids).execute()
    const byId = new Map(goods.map((g) => [g.id, toCard(g as CardRow)]))
    const cards = ids.map((id) => byId.get(id)).filter((c): c is NonNullable<typeof c> => !!c)
    if (cards.length) out.push({ key: `custom-${r.id}`, title: r.title, subtitle: r.subtitle, moreLink: '/commonPages/search/goodsSearch', goods: cards })
  }
  return out
}
