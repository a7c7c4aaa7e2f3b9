import type { Conn, Db } from '../../db/types'
import type { ArticleCategory, ArticleDetail, ArticlePage, ArticleSaveRequest, ArticlePublishRequest, ArticleStatus, ArticleSummary } from '../../../../types/article'
import { ARTICLE_HTML_MAX, ARTICLE_TITLE_MAX } from '../../../../types/article'
import { AppError, ErrorCode, notFound } from '../../errors'
import { hit } from '../../services/rateLimit'
import { contains } from '../video/service'
import { firstImage, htmlText, safeUrl, sanitizeArticleHtml } from './sanitize'
import { onPage } from '../../db/paging'

export const ARTICLE_DRAFTS_MAX = 50
export const ARTICLE_SAVES_PER_10_MIN = 120

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

export async function categoryList(db: Db): Promise<ArticleCategory[]> {
  return db.selectFrom('articleCategories').select(['id', 'name', 'icon']).orderBy('sort', 'desc').orderBy('id').execute()
}

type Row = {
  id: number
  memberId: number | null
  categoryId: number | null
  title: string
  cover: string
  summary: string
  status: 'draft' | 'published'
  views: number
  publishedAt: number | null
  updatedAt: number
}

async function decorate(db: Db, rows: Row[]): Promise<ArticleSummary[]> {
  const catIds = [...new Set(rows.map((r) => r.categoryId).filter((x): x is number => !!x))]
  const memberIds = [...new Set(rows.map((r) => r.memberId).filter((x): x is number => !!x))]
  const cats = catIds.length ? await db.selectFrom('articleCategories').select(['id', 'name']).where('id', 'in', catIds).execute() : []
  const members = memberIds.length ? await db.selectFrom('members').select(['id', 'nickname', 'avatar']).where('id', 'in', memberIds).execute() : []
  const catName = new Map(cats.map((c) => [c.id, c.name]))
  const byId = new Map(members.map((m) => [m.id, m]))
  return rows.map((r) => {
    const m = r.memberId ? byId.get(r.memberId) : undefined
    return {
      id: r.id,
      title: r.title,
      cover: r.cover,
      summary: r.summary,
      categoryId: r.categoryId,
      categoryName: (r.categoryId && catName.get(r.categoryId)) || '',
      status: r.status,
      views: r.views,
      author: r.memberId ? { id: r.memberId, nickname: m?.nickname || '会员', avatar: m?.avatar || '' } : { id: null, nickname: '官方', avatar: '' },
      publishedAt: r.publishedAt,
      updatedAt: r.updatedAt,
    }
  })
}

const summaryCols = ['id', 'memberId', 'categoryId', 'title', 'cover', 'summary', 'status', 'views', 'publishedAt', 'updatedAt'] as const

/** Published articles, newest first, optionally of one category or matching a keyword. */
export async function list(db: Db, q: { categoryId?: number; keyword?: string; page: number; pageSize: number }): Promise<ArticlePage> {
  let base = db.selectFrom('articles').where('status', '=', 'published')
  if (q.categoryId) base = base.where('categoryId', '=', q.categoryId)
  const kw = String(q.keyword || '').trim()
  if (kw) base = base.where(contains(db, 'title', kw))
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n || 0)
  const rows = await base
    .select([...summaryCols])
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return { list: await decorate(db, rows as Row[]), total, page: q.page, pageSize: q.pageSize }
}

/** A member's own articles in one state. */
export async function myList(db: Db, memberId: number, q: { status: ArticleStatus; page: number; pageSize: number }): Promise<ArticlePage> {
  const base = db.selectFrom('articles').where('memberId', '=', memberId).where('status', '=', q.status)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n || 0)
  const rows = await base
    .select([...summaryCols])
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return { list: await decorate(db, rows as Row[]), total, page: q.page, pageSize: q.pageSize }
}

/** A published article for anyone; a draft only for its author. Reading a published article counts a view. */
export async function detail(db: Db, id: number, viewer: number | null): Promise<ArticleDetail> {
  const row = await db
    .selectFrom('articles')
    .select([...summaryCols, 'contentHtml'])
    .where('id', '=', id)
    .executeTakeFirst()
  const isOwner = !!row && row.memberId !== null && row.memberId === viewer
  if (!row || (row.status !== 'published' && !isOwner)) throw notFound('文章不存在或未发布')
  if (row.status === 'published' && !isOwner) {
    await db
      .updateTable('articles')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .execute()
    row.views += 1
  }
  const [summary] = await decorate(db, [row as Row])
  return { ...summary, contentHtml: row.contentHtml, isOwner }
}

function cleanTitle(title: string | undefined, required: boolean) {
  const t = String(title ?? '').trim()
  if (required && !t) throw bad('请输入文章标题')
  if (t.length > ARTICLE_TITLE_MAX) throw bad(`标题不能超过${ARTICLE_TITLE_MAX}个字`)
  return t
}

export async function checkCategory(db: Conn, categoryId: number | null | undefined) {
  if (!categoryId) return null
  const c = await db.selectFrom('articleCategories').select('id').where('id', '=', categoryId).executeTakeFirst()
  if (!c) throw bad('文章分类不存在')
  return c.id
}

/** Saves a draft (or edits one's own article). The HTML is sanitised before it is stored. */
export async function save(db: Db, memberId: number, input: ArticleSaveRequest): Promise<{ id: number; contentHtml: string }> {
  await hit(db, `article:save:${memberId}`, ARTICLE_SAVES_PER_10_MIN, 10 * 60_000)
  const title = cleanTitle(input.title, false)
  const contentHtml = sanitizeArticleHtml(input.contentHtml)
  if (contentHtml.length > ARTICLE_HTML_MAX) throw bad('文章内容过长')
  if (!htmlText(contentHtml) && !firstImage(contentHtml)) throw bad('请输入文章内容')
  const cover = input.cover !== undefined ? safeUrl(input.cover) : undefined
  if (input.cover && !cover) throw bad('封面图片地址无效')
  const categoryId = input.categoryId !== undefined ? await checkCategory(db, input.categoryId) : undefined
  const t = Date.now()
  const summary = htmlText(contentHtml).slice(0, 120)
  if (input.id) {
    const res = await db
      .updateTable('articles')
      .set({ title, contentHtml, summary, updatedAt: t, ...(cover !== undefined ? { cover } : {}), ...(categoryId !== undefined ? { categoryId } : {}) })
      .where('id', '=', input.id)
      .where('memberId', '=', memberId)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw notFound('文章不存在')
    return { id: input.id, contentHtml }
  }
  const drafts = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberId', '=', memberId)
    .where('status', '=', 'draft')
    .executeTakeFirst()
  if (Number(drafts?.n || 0) >= ARTICLE_DRAFTS_MAX) throw bad(`草稿最多保存${ARTICLE_DRAFTS_MAX}篇，请先删除旧草稿`)
  const row = await db
    .insertInto('articles')
    .values({ memberId, categoryId: categoryId ?? null, title, cover: cover || '', summary, contentHtml, status: 'draft', views: 0, publishedAt: null, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, contentHtml }
}

/** Publishes one's own article with its title, cover and category. */
export async function publish(db: Db, memberId: number, input: ArticlePublishRequest): Promise<ArticleDetail> {
  const title = cleanTitle(input.title, true)
  const categoryId = await checkCategory(db, input.categoryId)
  if (!categoryId) throw bad('请选择文章分类')
  const row = await db.selectFrom('articles').select(['id', 'contentHtml', 'publishedAt']).where('id', '=', input.id).where('memberId', '=', memberId).executeTakeFirst()
  if (!row) throw notFound('文章不存在')
  if (!htmlText(row.contentHtml) && !firstImage(row.contentHtml)) throw bad('文章内容为空，请先编辑内容')
  let cover = safeUrl(input.cover)
  if (input.cover && !cover) throw bad('封面图片地址无效')
  if (!cover) cover = firstImage(row.contentHtml)
  const summary =
    String(input.summary ?? '')
      .trim()
      .slice(0, 120) || htmlText(row.contentHtml).slice(0, 120)
  const t = Date.now()
  await db
    .updateTable('articles')
    .set({ title, cover, categoryId, summary, status: 'published', publishedAt: row.publishedAt ?? t, updatedAt: t })
    .where('id', '=', row.id)
    .where('memberId', '=', memberId)
    .execute()
  return detail(db, row.id, memberId)
}

export async function remove(db: Db, memberId: number, id: number) {
  const res = await db.deleteFrom('articles').where('id', '=', id).where('memberId', '=', memberId).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw notFound('文章不存在')
  return { deleted: true }
}
