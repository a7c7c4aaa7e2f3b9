import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminBanner, AdminHotWord, AdminNav, AdminNotice, AdminSection, BannerInput, HotWordInput, NavInput, NoticeInput, SectionInput } from '@contract/adminStorefront'
import type { LinkNamesQuery, LinkNamesReply, LinkTargetPage, LinkTargetQuery } from '@contract/adminLinks'
import { del, get, post, put } from '../core/request'

/** The storefront's five lists share one shape of path: storefront/<kind>[/:id]. */
function resource<Row, Input>(kind: string) {
  return {
    list: () => get<Row[]>(`/storefront/${kind}`),
    create: (body: Input) => post<IdReply>(`/storefront/${kind}`, body),
    update: (id: number, body: Input) => put<IdReply>(`/storefront/${kind}/${id}`, body),
    remove: (id: number) => del<OkReply>(`/storefront/${kind}/${id}`),
  }
}

export const banners = resource<AdminBanner, BannerInput>('banners')
export const navs = resource<AdminNav, NavInput>('navs')
export const notices = resource<AdminNotice, NoticeInput>('notices')
export const hotWords = resource<AdminHotWord, HotWordInput>('hot-words')
export const sections = resource<AdminSection, SectionInput>('sections')

/** The link picker: records a link can open, by name; and the names of what existing links open. */
export const linkTargets = (q: LinkTargetQuery) => get<LinkTargetPage>('/storefront/link-targets', q)
export const linkNames = (q: LinkNamesQuery) => get<LinkNamesReply>('/storefront/link-targets/names', q)
