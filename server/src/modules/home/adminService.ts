/**
 * 店铺装修 in the console: how each storefront list (home banners, icon entries, notices, hot search words, goods
 * sections) reads, checks and writes its rows; adminRoutes.ts gives each its HTTP routes and audit rows.
 */
import type { TSchema, Static } from 'typebox'
import {
  BannerInput,
  HotWordInput,
  NavInput,
  NoticeInput,
  SectionInput,
  type AdminBanner,
  type AdminHotWord,
  type AdminNav,
  type AdminNotice,
  type AdminSection,
} from '../../../../types/adminStorefront'
import { AppError, ErrorCode } from '../../errors'
import type { Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import '../../admin/tables'
import { safeUrl, sanitizeArticleHtml } from '../article/sanitize'

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)
const picture = (url: string) => {
  const u = safeUrl(url)
  if (!u) throw bad('图片地址无效')
  return u
}
/** An in-app path (/pages/…, /commonPages/…) or an http(s) address; empty = not clickable. */
const link = (v: string) => {
  const s = v.trim()
  if (!s || /^\/[\w\-./?=&%]*$/.test(s) || /^https?:\/\/[^\s"'<>\\]+$/i.test(s)) return s
  throw bad('链接格式不正确（站内路径以 / 开头，或 http(s) 地址）')
}
const schedule = (startAt?: number | null, endAt?: number | null) => {
  if (startAt && endAt && endAt <= startAt) throw bad('结束时间须晚于开始时间')
  return { startAt: startAt ?? null, endAt: endAt ?? null }
}
const time = (v: number | null) => (v === null ? null : Number(v))

/** One storefront list: how its rows read, are written and removed (inside the audited transaction). */
export interface StorefrontList<S extends TSchema, V> {
  path: string
  targetType: string
  body: S
  list(db: Db): Promise<V[]>
  get(tx: Tx, id: number): Promise<V | undefined>
  insert(tx: Tx, input: Static<S>): Promise<number>
  update(tx: Tx, id: number, input: Static<S>): Promise<void>
  remove(tx: Tx, id: number): Promise<void>
}

type Log = (e: AuditEntry) => void

const existing = async <S extends TSchema, V>(r: StorefrontList<S, V>, tx: Tx, id: number): Promise<V> => {
  const v = await r.get(tx, id)
  if (!v) throw new AppError(ErrorCode.NOT_FOUND, '记录不存在')
  return v
}

/** Adds a row to a storefront list (in the audited transaction: `<targetType>.create` with the row as saved). */
export async function createStorefrontRow<S extends TSchema, V>(tx: Tx, r: StorefrontList<S, V>, input: Static<S>, log: Log): Promise<number> {
  const id = await r.insert(tx, input)
  log({ action: `${r.targetType}.create`, targetType: r.targetType, targetId: id, after: await r.get(tx, id) })
  return id
}

/** Changes a row of a storefront list (404 when it is gone; `<targetType>.update` with before and after). */
export async function updateStorefrontRow<S extends TSchema, V>(tx: Tx, r: StorefrontList<S, V>, id: number, input: Static<S>, log: Log) {
  const before = await existing(r, tx, id)
  await r.update(tx, id, input)
  log({ action: `${r.targetType}.update`, targetType: r.targetType, targetId: id, before, after: await r.get(tx, id) })
}

/** Removes a row of a storefront list (404 when it is gone; `<targetType>.delete` with the row removed). */
export async function deleteStorefrontRow<S extends TSchema, V>(tx: Tx, r: StorefrontList<S, V>, id: number, log: Log) {
  const before = await existing(r, tx, id)
  await r.remove(tx, id)
  log({ action: `${r.targetType}.delete`, targetType: r.targetType, targetId: id, before })
}

type BannerRow = { id: number; title: string; image: string; link: string; sort: number; status: string; startAt: number | null; endAt: number | null }
const toBanner = (b: BannerRow): AdminBanner => ({ ...b, startAt: time(b.startAt), endAt: time(b.endAt) })
const bannerValues = (i: Static<typeof BannerInput>) => ({
  title: i.title.trim(),
  image: picture(i.image),
  link: link(i.link),
  sort: i.sort ?? 0,
  status: i.status || 'on',
  ...schedule(i.startAt, i.endAt),
})

type SectionRow = { id: number; title: string; subtitle: string; goodsIds: string; sort: number; status: string; startAt: number | null; endAt: number | null }
const toSection = (s: SectionRow): AdminSection => ({ ...s, goodsIds: JSON.parse(s.goodsIds || '[]'), startAt: time(s.startAt), endAt: time(s.endAt) })
async function sectionValues(tx: Tx, i: Static<typeof SectionInput>) {
  const ids = [...new Set(i.goodsIds)]
  if (ids.length) {
    const found = await tx.selectFrom('goods').select('id').where('id', 'in', ids).execute()
    if (found.length !== ids.length) throw bad('所选商品中有不存在的商品')
  }
  return { title: i.title.trim(), subtitle: (i.subtitle || '').trim(), goodsIds: JSON.stringify(ids), sort: i.sort ?? 0, status: i.status || 'on', ...schedule(i.startAt, i.endAt) }
}

type NoticeRow = { id: number; title: string; summary: string; contentHtml: string; isTop: number; status: string; createdAt: number }
const toNotice = (n: NoticeRow): AdminNotice => ({ ...n, isTop: !!n.isTop, createdAt: Number(n.createdAt) })
const noticeValues = (i: Static<typeof NoticeInput>) => ({
  title: i.title.trim(),
  summary: (i.summary || '').trim(),
  contentHtml: sanitizeArticleHtml(i.contentHtml || ''),
  isTop: i.isTop ? 1 : 0,
  status: i.status || 'on',
})

export const bannerList: StorefrontList<typeof BannerInput, AdminBanner> = {
  path: 'banners',
  targetType: 'banner',
  body: BannerInput,
  list: async (d) =>
    (await d.selectFrom('banners').select(['id', 'title', 'image', 'link', 'sort', 'status', 'startAt', 'endAt']).where('position', '=', 'home').orderBy('sort').orderBy('id').execute()).map(toBanner),
  get: async (tx, id) => {
    const b = await tx.selectFrom('banners').select(['id', 'title', 'image', 'link', 'sort', 'status', 'startAt', 'endAt']).where('id', '=', id).where('position', '=', 'home').executeTakeFirst()
    return b && toBanner(b)
  },
  insert: async (tx, i) =>
    (
      await tx
        .insertInto('banners')
        .values({ position: 'home', ...bannerValues(i) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  update: async (tx, id, i) => void (await tx.updateTable('banners').set(bannerValues(i)).where('id', '=', id).execute()),
  remove: async (tx, id) => void (await tx.deleteFrom('banners').where('id', '=', id).execute()),
}

export const navList: StorefrontList<typeof NavInput, AdminNav> = {
  path: 'navs',
  targetType: 'nav',
  body: NavInput,
  list: (d): Promise<AdminNav[]> => d.selectFrom('homeNavs').selectAll().orderBy('sort').orderBy('id').execute(),
  get: (tx, id) => tx.selectFrom('homeNavs').selectAll().where('id', '=', id).executeTakeFirst(),
  insert: async (tx, i) =>
    (
      await tx
        .insertInto('homeNavs')
        .values({ title: i.title.trim(), icon: picture(i.icon), link: link(i.link), sort: i.sort ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  update: async (tx, id, i) =>
    void (await tx
      .updateTable('homeNavs')
      .set({ title: i.title.trim(), icon: picture(i.icon), link: link(i.link), sort: i.sort ?? 0 })
      .where('id', '=', id)
      .execute()),
  remove: async (tx, id) => void (await tx.deleteFrom('homeNavs').where('id', '=', id).execute()),
}

export const noticeList: StorefrontList<typeof NoticeInput, AdminNotice> = {
  path: 'notices',
  targetType: 'notice',
  body: NoticeInput,
  list: async (d) =>
    (
      await d
        .selectFrom('notices')
        .select(['id', 'title', 'summary', 'contentHtml', 'isTop', 'status', 'createdAt'])
        .orderBy('isTop', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute()
    ).map(toNotice),
  get: async (tx, id) => {
    const n = await tx.selectFrom('notices').select(['id', 'title', 'summary', 'contentHtml', 'isTop', 'status', 'createdAt']).where('id', '=', id).executeTakeFirst()
    return n && toNotice(n)
  },
  insert: async (tx, i) =>
    (
      await tx
        .insertInto('notices')
        .values({ ...noticeValues(i), views: 0, createdAt: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  update: async (tx, id, i) => void (await tx.updateTable('notices').set(noticeValues(i)).where('id', '=', id).execute()),
  remove: async (tx, id) => void (await tx.deleteFrom('notices').where('id', '=', id).execute()),
}

export const hotWordList: StorefrontList<typeof HotWordInput, AdminHotWord> = {
  path: 'hot-words',
  targetType: 'hotWord',
  body: HotWordInput,
  list: (d): Promise<AdminHotWord[]> => d.selectFrom('hotWords').selectAll().orderBy('sort').orderBy('id').execute(),
  get: (tx, id) => tx.selectFrom('hotWords').selectAll().where('id', '=', id).executeTakeFirst(),
  insert: async (tx, i) =>
    (
      await tx
        .insertInto('hotWords')
        .values({ word: i.word.trim(), sort: i.sort ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  update: async (tx, id, i) =>
    void (await tx
      .updateTable('hotWords')
      .set({ word: i.word.trim(), sort: i.sort ?? 0 })
      .where('id', '=', id)
      .execute()),
  remove: async (tx, id) => void (await tx.deleteFrom('hotWords').where('id', '=', id).execute()),
}

export const sectionList: StorefrontList<typeof SectionInput, AdminSection> = {
  path: 'sections',
  targetType: 'section',
  body: SectionInput,
  list: async (d) => (await d.selectFrom('homeSections').selectAll().orderBy('sort').orderBy('id').execute()).map(toSection),
  get: async (tx, id) => {
    const s = await tx.selectFrom('homeSections').selectAll().where('id', '=', id).executeTakeFirst()
    return s && toSection(s)
  },
  insert: async (tx, i) =>
    (
      await tx
        .insertInto('homeSections')
        .values(await sectionValues(tx, i))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  update: async (tx, id, i) =>
    void (await tx
      .updateTable('homeSections')
      .set(await sectionValues(tx, i))
      .where('id', '=', id)
      .execute()),
  remove: async (tx, id) => void (await tx.deleteFrom('homeSections').where('id', '=', id).execute()),
}
