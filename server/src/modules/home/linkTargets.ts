/**
 * The console's link picker (店铺装修): what a banner or icon entry can open, searched by name, and the names of the
 * records existing links open (docs/console.md "Pickers"). Reads only; the links themselves stay the shop's paths.
 */
import { sql, type SqlBool } from 'kysely'
import type { Config } from '../../config'
import type { Db } from '../../db/types'
import { countRows, onPage, pageWindow, paged } from '../../db/paging'
import type { LinkNamesQuery, LinkNamesReply, LinkTarget, LinkTargetPage, LinkTargetQuery } from '../../../../types/adminLinks'
import { adminWebLinks } from '../content/adminService'
import { keywordMatch, normaliseKeyword } from '../goods/keyword'
import { contains } from '../video/service'
import { chinaDay } from '../../services/chinaTime'

const day = (t: number | null) => (t ? chinaDay(Number(t)) : '')
const ids = (s: string | undefined) => (s ? [...new Set(s.split(',').map(Number))] : [])

type GoodsRow = { id: number; name: string; mainImage: string; price: number; status: string; stock: number }
const goodsTarget = (g: GoodsRow): LinkTarget => ({
  id: g.id,
  name: g.name,
  image: g.mainImage,
  price: g.price,
  note: g.status === 'on' ? `库存 ${g.stock}` : '已下架',
  live: g.status === 'on',
})
const GOODS_COLUMNS = ['goods.id', 'goods.name', 'goods.mainImage', 'goods.price', 'goods.status', 'goods.stock'] as const

async function categoryTargets(db: Db, where: (b: ReturnType<typeof categoryQuery>) => ReturnType<typeof categoryQuery>, page: number, pageSize: number) {
  const b = where(categoryQuery(db))
  const [rows, total] = await Promise.all([
    b.select(['c.id', 'c.name', 'c.icon', 'p.name as parentName']).orderBy('c.parentId').orderBy('c.sort').orderBy('c.id').$call(onPage(page, pageSize)).execute(),
    countRows(b),
  ])
  return { list: rows.map((c): LinkTarget => ({ id: c.id, name: c.name, image: c.icon, price: null, note: c.parentName ? `属于 ${c.parentName}` : '一级分类', live: true })), total }
}
const categoryQuery = (db: Db) => db.selectFrom('categories as c').leftJoin('categories as p', 'p.id', 'c.parentId')

/** One kind's records whose name holds the keyword, a page at a time (newest first; categories in menu order). */
export async function searchLinkTargets(db: Db, config: Config, q: LinkTargetQuery): Promise<LinkTargetPage> {
  const { page, pageSize } = paged(q)
  const kw = normaliseKeyword(q.keyword)
  const withPaging = <T>(r: { list: T[]; total: number }) => ({ ...r, page, pageSize })
  switch (q.kind) {
    case 'goods': {
      let b = db.selectFrom('goods')
      if (kw) {
        // The shop search's name rule and its index, or the goods id typed as the keyword.
        const m = keywordMatch(db, kw)
        const name = m.indexed ? sql<SqlBool>`(${m.indexed} AND ${m.check})` : m.check
        b = /^\d{1,9}$/.test(kw) ? b.where(sql<SqlBool>`(${name} OR goods.id = ${Number(kw)})`) : b.where(name)
      }
      const [rows, total] = await Promise.all([
        b
          .select([...GOODS_COLUMNS])
          .orderBy(sql`CASE WHEN goods.status = 'on' THEN 0 ELSE 1 END`)
          .orderBy('goods.id', 'desc')
          .$call(onPage(page, pageSize))
          .execute(),
        countRows(b),
      ])
      return withPaging({ list: rows.map(goodsTarget), total })
    }
    case 'category':
      return withPaging(await categoryTargets(db, (b) => (kw ? b.where(contains(db, 'c.name', kw)) : b), page, pageSize))
    case 'activity': {
      let b = db.selectFrom('activities')
      if (kw) b = b.where(contains(db, 'title', kw))
      const [rows, total] = await Promise.all([b.select(['id', 'title', 'cover', 'startAt', 'endAt', 'status']).orderBy('id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(b)])
      const now = Date.now()
      return withPaging({
        list: rows.map((a) => ({
          id: a.id,
          name: a.title,
          image: a.cover,
          price: null,
          note: `${day(a.startAt)} ~ ${day(a.endAt)}${a.status !== 'on' ? '（已停用）' : Number(a.endAt) < now ? '（已结束）' : ''}`,
          live: a.status === 'on' && Number(a.endAt) >= now,
        })),
        total,
      })
    }
    case 'article': {
      let b = db.selectFrom('articles')
      if (kw) b = b.where(contains(db, 'title', kw))
      const [rows, total] = await Promise.all([
        b
          .select(['id', 'title', 'cover', 'status', 'publishedAt', 'memberId'])
          .orderBy(sql`CASE WHEN status = 'published' THEN 0 ELSE 1 END`)
          .orderBy('id', 'desc')
          .$call(onPage(page, pageSize))
          .execute(),
        countRows(b),
      ])
      return withPaging({ list: rows.map(articleTarget), total })
    }
    case 'notice': {
      let b = db.selectFrom('notices')
      if (kw) b = b.where(contains(db, 'title', kw))
      const [rows, total] = await Promise.all([b.select(['id', 'title', 'status', 'createdAt']).orderBy('id', 'desc').$call(onPage(page, pageSize)).execute(), countRows(b)])
      return withPaging({ list: rows.map(noticeTarget), total })
    }
    case 'web': {
      // The saved web links (内容 → 网页链接, a short list): only those the allow-list accepts can be opened.
      const all = (await adminWebLinks(db, config)).links.filter((l) => !kw || l.title.toLowerCase().includes(kw.toLowerCase()) || l.url.toLowerCase().includes(kw.toLowerCase()))
      const { limit, offset } = pageWindow(page, pageSize)
      const list = all.slice(offset, offset + limit).map((l): LinkTarget => {
        let host = l.url
        try {
          host = new URL(l.url).host
        } catch {
          host = '本店网页'
        }
        return { id: l.id, name: l.title, image: '', price: null, note: l.allowed ? host : `${host}（不在允许访问的名单中）`, live: l.allowed, url: l.url }
      })
      return withPaging({ list, total: all.length })
    }
  }
}

const articleTarget = (a: { id: number; title: string; cover: string; status: string; publishedAt: number | null; memberId: number | null }): LinkTarget => ({
  id: a.id,
  name: a.title,
  image: a.cover,
  price: null,
  note: a.status === 'published' ? `${a.memberId ? '会员投稿' : '官方'} · ${day(a.publishedAt)}` : '未发布',
  live: a.status === 'published',
})
const noticeTarget = (n: { id: number; title: string; status: string; createdAt: number }): LinkTarget => ({
  id: n.id,
  name: n.title,
  image: '',
  price: null,
  note: `${day(n.createdAt)}${n.status === 'on' ? '' : '（已隐藏）'}`,
  live: n.status === 'on',
})

/** The records existing links open, by kind, in one call (ids not found are left out: deleted). */
export async function linkNames(db: Db, q: LinkNamesQuery): Promise<LinkNamesReply> {
  const [goods, category, activity, article, notice] = [ids(q.goods), ids(q.category), ids(q.activity), ids(q.article), ids(q.notice)]
  const now = Date.now()
  const [g, c, a, r, n] = await Promise.all([
    goods.length
      ? db
          .selectFrom('goods')
          .select([...GOODS_COLUMNS])
          .where('id', 'in', goods)
          .execute()
      : [],
    category.length ? categoryTargets(db, (b) => b.where('c.id', 'in', category), 1, 50).then((x) => x.list) : [],
    activity.length ? db.selectFrom('activities').select(['id', 'title', 'cover', 'startAt', 'endAt', 'status']).where('id', 'in', activity).execute() : [],
    article.length ? db.selectFrom('articles').select(['id', 'title', 'cover', 'status', 'publishedAt', 'memberId']).where('id', 'in', article).execute() : [],
    notice.length ? db.selectFrom('notices').select(['id', 'title', 'status', 'createdAt']).where('id', 'in', notice).execute() : [],
  ])
  return {
    goods: g.map(goodsTarget),
    category: c,
    activity: a.map((x) => ({ id: x.id, name: x.title, image: x.cover, price: null, note: `${day(x.startAt)} ~ ${day(x.endAt)}`, live: x.status === 'on' && Number(x.endAt) >= now })),
    article: r.map(articleTarget),
    notice: n.map(noticeTarget),
  }
}
