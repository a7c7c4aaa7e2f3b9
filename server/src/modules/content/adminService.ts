import type { Config } from '../../config'
import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import { AppError, ErrorCode, notFound } from '../../errors'
import type { AdminWebLink, WebLinkInput, WebLinksReply, WebviewHostInput } from '../../../../types/adminContent'
import { hostAllowed } from './service'
import { consoleHosts, normaliseHost } from './webviewHosts'

type Log = (e: AuditEntry) => void
const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

/** The shop page that opens a link in a web-view (docs/content.md "Web views and the allow-list"). */
export const webViewPage = (url: string) => `/commonPages/webView/common?url=${encodeURIComponent(url)}`

/** A path on the shop itself ("/media/activity/x.html"): always allowed, the page resolves it against the shop's origin. */
export const SHOP_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]*(\?[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$/

/** Whether the allow-list accepts a link (a shop path always; else an http(s) address on an allowed host). */
function linkAllowed(url: string, allowed: string[]): boolean {
  if (SHOP_PATH.test(url)) return true
  try {
    return hostAllowed(new URL(url), allowed)
  } catch {
    return false
  }
}

async function allowListOf(tx: Conn, config: Config) {
  return [...config.webviewAllowList, ...(await consoleHosts(tx))]
}

export async function adminWebLinks(db: Db, config: Config): Promise<WebLinksReply> {
  const [links, hosts] = await Promise.all([db.selectFrom('webLinks').selectAll().orderBy('sort').orderBy('id').execute(), db.selectFrom('webviewHosts').selectAll().orderBy('id').execute()])
  const allowed = [...config.webviewAllowList, ...hosts.map((h) => h.host)]
  return {
    links: links.map((l): AdminWebLink => ({ id: l.id, title: l.title, url: l.url, sort: l.sort, pagePath: webViewPage(l.url), allowed: linkAllowed(l.url, allowed), updatedAt: Number(l.updatedAt) })),
    hosts: hosts.map((h) => ({ id: h.id, host: h.host, note: h.note, createdAt: Number(h.createdAt) })),
    envHosts: config.webviewAllowList,
  }
}

/** A link must be a shop path or an http(s) address whose host is on the allow-list; else refused, nothing saved. */
async function cleanLink(tx: Conn, config: Config, input: WebLinkInput) {
  const title = input.title.trim()
  if (!title) throw bad('请填写名称')
  const url = input.url.trim()
  if (!SHOP_PATH.test(url)) {
    let u: URL
    try {
      u = new URL(url)
    } catch {
      throw bad('链接地址无效：请填写 http(s):// 开头的完整地址，或本店的路径（以 / 开头）')
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad('链接只能是 http 或 https 地址')
    if (u.username || u.password) throw bad('链接地址不能包含用户名或密码')
    if (!hostAllowed(u, await allowListOf(tx, config))) throw bad(`链接的域名「${u.host}」不在允许访问的名单中，请先在下方添加该域名`)
  }
  return { title, url, sort: input.sort ?? 0 }
}

export async function adminCreateWebLink(tx: Tx, config: Config, input: WebLinkInput, log: Log) {
  const v = await cleanLink(tx, config, input)
  const t = Date.now()
  const r = await tx
    .insertInto('webLinks')
    .values({ ...v, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'webLink.create', targetType: 'webLink', targetId: r.id, after: v })
  return { id: r.id }
}

export async function adminUpdateWebLink(tx: Tx, config: Config, id: number, input: WebLinkInput, log: Log) {
  const before = await tx.selectFrom('webLinks').select(['title', 'url', 'sort']).where('id', '=', id).executeTakeFirst()
  if (!before) throw notFound('链接不存在')
  const v = await cleanLink(tx, config, input)
  await tx
    .updateTable('webLinks')
    .set({ ...v, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({ action: 'webLink.update', targetType: 'webLink', targetId: id, before, after: v })
  return { id }
}

export async function adminDeleteWebLink(tx: Tx, id: number, log: Log) {
  const before = await tx.selectFrom('webLinks').select(['title', 'url', 'sort']).where('id', '=', id).executeTakeFirst()
  if (!before) throw notFound('链接不存在')
  await tx.deleteFrom('webLinks').where('id', '=', id).execute()
  log({ action: 'webLink.delete', targetType: 'webLink', targetId: id, before })
}

export async function adminAddHost(tx: Tx, config: Config, input: WebviewHostInput, log: Log) {
  const host = normaliseHost(input.host)
  if (!host) throw bad('域名格式不正确：只填域名（如 m.example.com），可带端口（如 127.0.0.1:3203），不要带 http:// 或路径')
  if (config.webviewAllowList.some((h) => h.trim().toLowerCase() === host)) throw new AppError(ErrorCode.CONFLICT, `「${host}」已由部署人员在服务器上设置为始终允许`)
  if (await tx.selectFrom('webviewHosts').select('id').where('host', '=', host).executeTakeFirst()) throw new AppError(ErrorCode.CONFLICT, `「${host}」已在名单中`)
  const note = String(input.note ?? '').trim()
  const r = await tx.insertInto('webviewHosts').values({ host, note, createdAt: Date.now() }).returning('id').executeTakeFirstOrThrow()
  log({ action: 'webviewHost.add', targetType: 'webviewHost', targetId: r.id, after: { host, note } })
  return { id: r.id }
}

/** Refused while a saved link needs this entry (no other entry allows it): the shop would refuse to open that link. */
export async function adminRemoveHost(tx: Tx, config: Config, id: number, log: Log) {
  const h = await tx.selectFrom('webviewHosts').select(['id', 'host', 'note']).where('id', '=', id).executeTakeFirst()
  if (!h) throw notFound('域名不存在')
  const rest = [...config.webviewAllowList, ...(await tx.selectFrom('webviewHosts').select('host').where('id', '!=', id).execute()).map((x) => x.host)]
  const links = await tx.selectFrom('webLinks').select(['title', 'url']).execute()
  const stranded = links.find((l) => !linkAllowed(l.url, rest))
  if (stranded) throw new AppError(ErrorCode.CONFLICT, `链接「${stranded.title}」还在使用该域名，请先修改或删除该链接`)
  await tx.deleteFrom('webviewHosts').where('id', '=', id).execute()
  log({ action: 'webviewHost.remove', targetType: 'webviewHost', targetId: id, before: { host: h.host, note: h.note } })
}
