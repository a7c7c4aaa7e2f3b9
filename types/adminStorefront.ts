/**
 * The console's contract of 店铺装修 (server module home): banners, entries, notices, hot words, sections. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'
import { Closed } from './admin'
import { GoodsStatus } from './adminGoods'
import { Id, Str } from './schema'

/** Schedule: shown between startAt and endAt (null = no bound). */
export const BannerInput = Closed({
  title: Str(64),
  image: Str(256, 1),
  link: Str(256),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  status: Type.Optional(GoodsStatus),
  startAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  endAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
})
export type BannerInput = Static<typeof BannerInput>
export const AdminBanner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
  sort: Type.Integer(),
  status: Type.String(),
  startAt: Type.Union([Type.Integer(), Type.Null()]),
  endAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminBanner = Static<typeof AdminBanner>
export const NavInput = Closed({ title: Str(16, 1), icon: Str(256, 1), link: Str(256), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type NavInput = Static<typeof NavInput>
export const AdminNav = Type.Object({ id: Type.Integer(), title: Type.String(), icon: Type.String(), link: Type.String(), sort: Type.Integer() })
export type AdminNav = Static<typeof AdminNav>
export const NoticeInput = Closed({
  title: Str(64, 1),
  summary: Type.Optional(Str(256)),
  contentHtml: Type.Optional(Str(50_000)),
  isTop: Type.Optional(Type.Boolean()),
  status: Type.Optional(GoodsStatus),
})
export type NoticeInput = Static<typeof NoticeInput>
export const AdminNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  contentHtml: Type.String(),
  isTop: Type.Boolean(),
  status: Type.String(),
  createdAt: Type.Integer(),
})
export type AdminNotice = Static<typeof AdminNotice>
export const HotWordInput = Closed({ word: Str(16, 1), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type HotWordInput = Static<typeof HotWordInput>
export const AdminHotWord = Type.Object({ id: Type.Integer(), word: Type.String(), sort: Type.Integer() })
export type AdminHotWord = Static<typeof AdminHotWord>
/** A home goods section (e.g. 热卖 / 新品): the goods in order. */
export const SectionInput = Closed({
  title: Str(32, 1),
  subtitle: Type.Optional(Str(32)),
  goodsIds: Type.Array(Id(), { maxItems: 50 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  status: Type.Optional(GoodsStatus),
  startAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  endAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
})
export type SectionInput = Static<typeof SectionInput>
export const AdminSection = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  goodsIds: Type.Array(Type.Integer()),
  sort: Type.Integer(),
  status: Type.String(),
  startAt: Type.Union([Type.Integer(), Type.Null()]),
  endAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminSection = Static<typeof AdminSection>
