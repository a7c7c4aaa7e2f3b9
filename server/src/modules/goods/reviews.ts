import type { Db } from '../../db/types'
import { notFound } from '../../errors'
import type { CommentPage, CommentSummary, GoodsComment } from '../../../../types/goods'
import { pageWindow } from '../../db/paging'
import { parseJson } from './service'

// ---------------------------------------------------------------- the review read side (goods page)

/** "小美" → "小***美": anonymous reviews never show the nickname. */
export function maskNickname(name: string | null | undefined): string {
  const chars = [...String(name || '').trim()]
  if (!chars.length) return '匿***户'
  if (chars.length === 1) return `${chars[0]}***`
  return `${chars[0]}***${chars[chars.length - 1]}`
}

interface ReviewRow {
  id: number
  memberId: number
  rating: number
  content: string
  images: string
  anonymous: number
  specText: string
  reply: string
  repliedAt: number | null
  createdAt: number
  nickname: string | null
  avatar: string | null
}

async function toComments(db: Db, rows: ReviewRow[]): Promise<GoodsComment[]> {
  if (!rows.length) return []
  const followUps = await db
    .selectFrom('goodsReviews')
    .select(['parentId', 'content', 'images', 'createdAt'])
    .where(
      'parentId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('createdAt')
    .execute()
  const byParent = new Map<number, { content: string; images: string[]; createdAt: number }>()
  for (const f of followUps) if (f.parentId && !byParent.has(f.parentId)) byParent.set(f.parentId, { content: f.content, images: parseJson<string[]>(f.images, []), createdAt: Number(f.createdAt) })
  return rows.map((r) => ({
    id: r.id,
    nickname: r.anonymous ? maskNickname(r.nickname) : r.nickname || '用户',
    avatar: r.anonymous ? '' : r.avatar || '',
    anonymous: !!r.anonymous,
    rating: r.rating,
    content: r.content,
    images: parseJson<string[]>(r.images, []),
    specText: r.specText,
    createdAt: Number(r.createdAt),
    followUp: byParent.get(r.id) || null,
    reply: r.reply ? { content: r.reply, createdAt: Number(r.repliedAt) } : null,
  }))
}

const reviewQuery = (db: Db, goodsId: number) =>
  db
    .selectFrom('goodsReviews')
    .leftJoin('members', 'members.id', 'goodsReviews.memberId')
    .where('goodsReviews.goodsId', '=', goodsId)
    .where('goodsReviews.parentId', 'is', null)
    // A review the shop hid is not shown (nor counted) on the goods page.
    .where('goodsReviews.hidden', '=', 0)

const REVIEW_COLUMNS = [
  'goodsReviews.id',
  'goodsReviews.memberId',
  'goodsReviews.rating',
  'goodsReviews.content',
  'goodsReviews.images',
  'goodsReviews.anonymous',
  'goodsReviews.specText',
  'goodsReviews.reply',
  'goodsReviews.repliedAt',
  'goodsReviews.createdAt',
  'members.nickname',
  'members.avatar',
] as const

async function reviewCounts(db: Db, goodsId: number) {
  const row = await db
    .selectFrom('goodsReviews')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(eb.case().when('rating', '>=', 4).then(1).else(0).end()).as('good'),
      eb.fn.sum<number>(eb.case().when('images', '<>', '[]').then(1).else(0).end()).as('withImage'),
    ])
    .where('goodsId', '=', goodsId)
    .where('parentId', 'is', null)
    .where('hidden', '=', 0)
    .executeTakeFirst()
  return { count: Number(row?.count || 0), good: Number(row?.good || 0), withImage: Number(row?.withImage || 0) }
}

export async function commentSummary(db: Db, goodsId: number): Promise<CommentSummary> {
  const c = await reviewCounts(db, goodsId)
  // The two latest reviews, those with images first.
  const rows = await reviewQuery(db, goodsId)
    .select(REVIEW_COLUMNS)
    .orderBy((eb) => eb.case().when('goodsReviews.images', '<>', '[]').then(1).else(0).end(), 'desc')
    .orderBy('goodsReviews.createdAt', 'desc')
    .orderBy('goodsReviews.id', 'desc')
    .limit(2)
    .execute()
  return {
    count: c.count,
    withImageCount: c.withImage,
    goodRate: c.count ? Math.round((c.good * 100) / c.count) : 100,
    latest: await toComments(db, rows as ReviewRow[]),
  }
}

export async function commentList(db: Db, goodsId: number, hasImage: boolean, page: number, pageSize: number): Promise<CommentPage> {
  const exists = await db.selectFrom('goods').select('id').where('id', '=', goodsId).executeTakeFirst()
  if (!exists) throw notFound('商品不存在')
  const c = await reviewCounts(db, goodsId)
  let q = reviewQuery(db, goodsId)
  if (hasImage) q = q.where('goodsReviews.images', '<>', '[]')
  const total = hasImage ? c.withImage : c.count
  const { limit, offset } = pageWindow(page, pageSize)
  const rows = total > offset ? await q.select(REVIEW_COLUMNS).orderBy('goodsReviews.createdAt', 'desc').orderBy('goodsReviews.id', 'desc').limit(limit).offset(offset).execute() : []
  return { list: await toComments(db, rows as ReviewRow[]), total, page, pageSize, count: c.count, withImageCount: c.withImage }
}
