/**
 * The console's link picker (店铺装修: banners and icon entries): what a link can open, searched by name, and the
 * names of the records existing links open, in one call. Paths under /admin/api/storefront/, listed in
 * docs/console.md "Pickers". Same rules as types/admin.ts.
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { PagingFields, Str } from './schema'

export const LinkTargetKind = Type.Union([Type.Literal('goods'), Type.Literal('category'), Type.Literal('activity'), Type.Literal('article'), Type.Literal('notice'), Type.Literal('web')])
export type LinkTargetKind = Static<typeof LinkTargetKind>

/** storefront/link-targets: one kind's records whose name contains the keyword (a goods id typed finds the goods). */
export const LinkTargetQuery = Closed({ ...PagingFields, kind: LinkTargetKind, keyword: Type.Optional(Str(64)) })
export type LinkTargetQuery = Static<typeof LinkTargetQuery>

export const LinkTarget = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Picture (goods main image, activity banner, article cover); '' when the kind has none. */
  image: Type.String(),
  /** Goods: the lowest price in fen; null for other kinds. */
  price: Type.Union([Type.Integer(), Type.Null()]),
  /** A short second line: the parent category, the activity's dates, the web address's host. */
  note: Type.String(),
  /** Whether the shop shows it now (goods on the shelf, activity / notice on, article published, web address allowed). */
  live: Type.Boolean(),
  /** Web links only: the address the shop opens. */
  url: Type.Optional(Type.String()),
})
export type LinkTarget = Static<typeof LinkTarget>
export const LinkTargetPage = PageOf(LinkTarget)
export type LinkTargetPage = Static<typeof LinkTargetPage>

/** Up to 50 ids, comma-separated ("13,7"). */
const Ids = Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$', maxLength: 550 }))
/** storefront/link-targets/names: the records existing links open, by kind. */
export const LinkNamesQuery = Closed({ goods: Ids, category: Ids, activity: Ids, article: Ids, notice: Ids })
export type LinkNamesQuery = Static<typeof LinkNamesQuery>
/** The records found (a missing id was deleted); web links are listed whole (kind web of link-targets). */
export const LinkNamesReply = Type.Object({
  goods: Type.Array(LinkTarget),
  category: Type.Array(LinkTarget),
  activity: Type.Array(LinkTarget),
  article: Type.Array(LinkTarget),
  notice: Type.Array(LinkTarget),
})
export type LinkNamesReply = Static<typeof LinkNamesReply>
