import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import { AppError, ErrorCode, notFound } from '../../errors'
import { ARTICLE_HTML_MAX } from '../../../../types/article'
import type { AdminArticleCategory, AdminArticleDetail, AdminArticlePage, AdminArticleQuery, AdminArticleRow, ArticleCategoryInput, ArticleInput } from '../../../../types/adminContent'
import { contains } from '../video/service'
import { checkCategory } from './service'
import { firstImage, htmlText, safeUrl, sanitizeArticleHtml } from './sanitize'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void
const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

const COLS = ['a.id', 'a.memberId', 'a.categoryId', 'a.title', 'a.cover', 'a.summary', 'a.status', 'a.views', 'a.publishedAt', 'a.updatedAt', 'c.name as categoryName', 'm.nickname'] as const
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
  categoryName: string | null
  nickname: string | null
}

const base = (db: Conn) => db.selectFrom('articles as a').leftJoin('articleCategories as c', 'c.id', 'a.categoryId').leftJoin('members as m', 'm.id', 'a.memberId')
const toRow = (r: Row): AdminArticleRow => ({
  id: r.id,
  title: r.title,
  cover: r.cover,
  summary: r.summary,
  categoryId: r.categoryId,
  categoryName: r.categoryName || '',
  status: r.status,
  views: Number(r.views),
  official: r.memberId === null,
  authorName: r.memberId === null ? '官方' : r.nickname || `会员${r.memberId}`,
  publishedAt: r.publishedAt === null ? null : Number(r.publishedAt),
  updatedAt: Number(r.updatedAt),
})

/** Every article (the shop's and members'), newest edit first. */
export async function adminArticleList(db: Db, q: AdminArticleQuery): Promise<AdminArticlePage> {
  const { page, pageSize } = paged(q)
  let b = base(db)
  if (q.status) b = b.where('a.status', '=', q.status)
  if (q.categoryId) b = b.where('a.categoryId', '=', q.categoryId)
  if (q.author === 'official') b = b.where('a.memberId', 'is', null)
  if (q.author === 'member') b = b.where('a.memberId', 'is not', null)
  const kw = String(q.keyword || '').trim()
  if (kw) b = b.where(contains(db, 'a.title', kw))
  const [rows, n] = await Promise.all([
    b
      .select([...COLS])
      .orderBy('a.updatedAt', 'desc')
      .orderBy('a.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  return { list: (rows as Row[]).map(toRow), total: n, page, pageSize }
}

export async function adminArticleDetail(db: Conn, id: number): Promise<AdminArticleDetail> {
  const r = await base(db)
    .select([...COLS, 'a.contentHtml'])
    .where('a.id', '=', id)
    .executeTakeFirst()
  if (!r) throw notFound('文章不存在')
  return { ...toRow(r as Row), contentHtml: r.contentHtml }
}

/** The stored form of an input: sanitised HTML (as the shop's editor), a safe cover (else the first picture), a summary. */
async function clean(tx: Conn, input: ArticleInput) {
  const title = input.title.trim()
  if (!title) throw bad('请输入文章标题')
  const contentHtml = sanitizeArticleHtml(input.contentHtml)
  if (contentHtml.length > ARTICLE_HTML_MAX) throw bad('文章内容过长')
  if (!htmlText(contentHtml) && !firstImage(contentHtml)) throw bad('请输入文章内容')
  const categoryId = await checkCategory(tx, input.categoryId)
  if (!categoryId) throw bad('请选择文章分类')
  let cover = safeUrl(input.cover)
  if (input.cover && !cover) throw bad('封面图片地址无效')
  if (!cover) cover = firstImage(contentHtml)
  const summary =
    String(input.summary ?? '')
      .trim()
      .slice(0, 120) || htmlText(contentHtml).slice(0, 120)
  return { title, contentHtml, categoryId, cover, summary }
}

const snapshot = (r: { title: string; categoryId: number | null; cover: string; summary: string; status: string; contentHtml: string }) => ({
  title: r.title,
  categoryId: r.categoryId,
  cover: r.cover,
  summary: r.summary,
  status: r.status,
  contentLength: r.contentHtml.length,
})

/** A new official article (member_id null), a draft unless `publish`. */
export async function adminCreateArticle(tx: Tx, input: ArticleInput, log: Log) {
  const v = await clean(tx, input)
  const t = Date.now()
  const status = input.publish ? 'published' : 'draft'
  const r = await tx
    .insertInto('articles')
    .values({ memberId: null, ...v, status, views: 0, publishedAt: input.publish ? t : null, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'article.create', targetType: 'article', targetId: r.id, after: snapshot({ ...v, status }) })
  return { id: r.id }
}

/** Edits any article (a member's too: the shop moderates what it publishes); `publish: true` publishes it. */
export async function adminUpdateArticle(tx: Tx, id: number, input: ArticleInput, log: Log) {
  const before = await tx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw notFound('文章不存在')
  const v = await clean(tx, input)
  const t = Date.now()
  const status = input.publish ? 'published' : before.status
  await tx
    .updateTable('articles')
    .set({ ...v, status, publishedAt: status === 'published' ? (before.publishedAt ?? t) : before.publishedAt, updatedAt: t })
    .where('id', '=', id)
    .execute()
  log({ action: 'article.update', targetType: 'article', targetId: id, before: snapshot(before), after: snapshot({ ...v, status }) })
  return { id }
}

/** Publishes or withdraws (back to draft: off the shop, kept for its author). */
export async function adminSetArticleStatus(tx: Tx, id: number, status: 'draft' | 'published', log: Log) {
  const a = await tx.selectFrom('articles').select(['id', 'status', 'title', 'contentHtml', 'categoryId', 'publishedAt']).where('id', '=', id).executeTakeFirst()
  if (!a) throw notFound('文章不存在')
  if (a.status === status) throw new AppError(ErrorCode.CONFLICT, status === 'published' ? '文章已经是发布状态' : '文章已经下架')
  if (status === 'published') {
    if (!a.title.trim()) throw bad('请先填写文章标题')
    if (!a.categoryId) throw bad('请先选择文章分类')
    if (!htmlText(a.contentHtml) && !firstImage(a.contentHtml)) throw bad('文章内容为空，请先编辑内容')
  }
  const t = Date.now()
  const res = await tx
    .updateTable('articles')
    .set({ status, updatedAt: t, ...(status === 'published' ? { publishedAt: a.publishedAt ?? t } : {}) })
    .where('id', '=', id)
    .where('status', '=', a.status)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '文章状态已变化，请刷新后重试')
  log({ action: status === 'published' ? 'article.publish' : 'article.unpublish', targetType: 'article', targetId: id, before: { status: a.status }, after: { status } })
}

export async function adminDeleteArticle(tx: Tx, id: number, log: Log) {
  const a = await tx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst()
  if (!a) throw notFound('文章不存在')
  await tx.deleteFrom('articles').where('id', '=', id).execute()
  log({ action: 'article.delete', targetType: 'article', targetId: id, before: { ...snapshot(a), memberId: a.memberId } })
}

// ------------------------------------------------------------------ categories

export async function adminArticleCategories(db: Conn): Promise<AdminArticleCategory[]> {
  const [cats, counts] = await Promise.all([
    db.selectFrom('articleCategories').selectAll().orderBy('sort', 'desc').orderBy('id').execute(),
    db
      .selectFrom('articles')
      .select(['categoryId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('categoryId')
      .execute(),
  ])
  const n = new Map(counts.map((c) => [c.categoryId, Number(c.n)]))
  return cats.map((c) => ({ id: c.id, name: c.name, icon: c.icon, sort: c.sort, articleCount: n.get(c.id) || 0 }))
}

async function cleanCategory(tx: Conn, input: ArticleCategoryInput, id?: number) {
  const name = input.name.trim()
  if (!name) throw bad('请填写名称')
  let q = tx.selectFrom('articleCategories').select('id').where('name', '=', name)
  if (id) q = q.where('id', '!=', id)
  if (await q.executeTakeFirst()) throw new AppError(ErrorCode.CONFLICT, `分类「${name}」已存在`)
  const icon = input.icon ? safeUrl(input.icon) : ''
  if (input.icon && !icon) throw bad('图标地址无效')
  return { name, icon, sort: input.sort ?? 0 }
}

export async function adminCreateCategory(tx: Tx, input: ArticleCategoryInput, log: Log) {
  const v = await cleanCategory(tx, input)
  const r = await tx.insertInto('articleCategories').values(v).returning('id').executeTakeFirstOrThrow()
  log({ action: 'articleCategory.create', targetType: 'articleCategory', targetId: r.id, after: v })
  return { id: r.id }
}

export async function adminUpdateCategory(tx: Tx, id: number, input: ArticleCategoryInput, log: Log) {
  const before = await tx.selectFrom('articleCategories').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw notFound('分类不存在')
  const v = await cleanCategory(tx, input, id)
  await tx.updateTable('articleCategories').set(v).where('id', '=', id).execute()
  log({ action: 'articleCategory.update', targetType: 'articleCategory', targetId: id, before, after: v })
  return { id }
}

/** Refused while articles use it (they would lose their category in the shop's lists). */
export async function adminDeleteCategory(tx: Tx, id: number, log: Log) {
  const before = await tx.selectFrom('articleCategories').selectAll().where('id', '=', id).executeTakeFirst()
  if (!before) throw notFound('分类不存在')
  const used = await tx
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('categoryId', '=', id)
    .executeTakeFirstOrThrow()
  if (Number(used.n)) throw new AppError(ErrorCode.CONFLICT, `该分类下还有 ${Number(used.n)} 篇文章，请先移走或删除`)
  await tx.deleteFrom('articleCategories').where('id', '=', id).execute()
  log({ action: 'articleCategory.delete', targetType: 'articleCategory', targetId: id, before })
}
