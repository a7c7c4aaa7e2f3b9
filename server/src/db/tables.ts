import type { Generated } from 'kysely'

export interface MemberTable {
  id: Generated<number>
  phone: string | null
  nickname: string
  avatar: string
  gender: number
  openidH5: string | null
  openidMini: string | null
  shareMemberId: number | null
  boundBusinessId: number | null
  invitationCode: string | null
  points: number
  /** 余额 in fen (migration 103; docs/balance.md): changed only by balance/service.ts changeBalance. */
  balance: Generated<number>
  /** The withdrawable part of balance (0 ≤ it ≤ balance). */
  balanceWithdrawable: Generated<number>
  status: 'active' | 'logoff_pending' | 'anonymised'
  logoffAt: number | null
  /** When the shop disabled the account (migration 012); null = usable. */
  disabledAt: number | null
  createdAt: number
  updatedAt: number
}

export interface SessionTable {
  id: Generated<number>
  tokenHash: string
  memberId: number
  createdAt: number
  expiresAt: number
}

export interface SmsCodeTable {
  id: Generated<number>
  phone: string
  code: string
  ip: string
  attempts: number
  usedAt: number | null
  createdAt: number
  /** What the code is for (migration 108): login codes and payment-password codes are not interchangeable. */
  purpose: Generated<SmsCodePurpose>
}

export type SmsCodePurpose = 'login' | 'payPassword'

export interface AgentShopTable {
  id: Generated<number>
  memberId: number
  shopName: string
  /** 'active', 'closed' (the member logged off) or 'suspended' (清退 by staff, migration 100). */
  status: string
  commissionRate: number
  /** This agent's own rate in basis points (096), over the category and default rates; null = the rules'. */
  rateOverride: Generated<number | null>
  /** When staff suspended (清退) the shop, and why (shown to the agent); null / '' otherwise. */
  suspendedAt: Generated<number | null>
  suspendReason: Generated<string>
  createdAt: number
}

export interface RateCounterTable {
  bucket: string
  count: number
  expiresAt: number
}

export interface UploadTable {
  id: Generated<number>
  memberId: number | null
  kind: 'image' | 'video'
  mime: string
  size: number
  path: string
  createdAt: number
}

export interface KvCacheTable {
  key: string
  value: string
  expiresAt: number
}

declare module './types' {
  interface DB {
    members: MemberTable
    sessions: SessionTable
    smsCodes: SmsCodeTable
    agentShops: AgentShopTable
    rateCounters: RateCounterTable
    uploads: UploadTable
    kvCache: KvCacheTable
  }
}

export interface CategoryTable {
  id: Generated<number>
  parentId: number
  name: string
  icon: string
  sort: number
}

export interface BrandTable {
  id: Generated<number>
  name: string
  logo: string
  intro: string
  isExclusive: number
  sort: number
}

export interface GoodsTable {
  id: Generated<number>
  categoryId: number
  brandId: number | null
  name: string
  subtitle: string
  mainImage: string
  images: string
  detailHtml: string
  specGroups: string
  price: number
  originalPrice: number
  sales: number
  stock: number
  status: 'on' | 'off'
  tags: string
  isHot: number
  isNew: number
  commissionRate: number | null
  /** Freight template (migration 055); null = the default template. */
  freightTemplateId?: number | null
  /** 每人限购 (097): most units one member may hold in orders not cancelled (refunded units given back); 0 = no limit. */
  perMemberLimit: Generated<number>
  /** 起购数量 (097): fewest units of this goods in one order; 0 = none. */
  minQuantity: Generated<number>
  reviewCount: number
  goodReviewCount: number
  createdAt: number
  updatedAt: number
}

export interface GoodsSkuTable {
  id: Generated<number>
  goodsId: number
  specs: string
  specText: string
  price: number
  originalPrice: number
  stock: number
  sales: number
  image: string
  /** 货号 (095): the merchant's code, unique when not ''. */
  code: Generated<string>
  /** 条码 (095). */
  barcode: Generated<string>
  /** Grams (095). */
  weight: Generated<number>
  /** 成本价 in fen (095): console only. */
  costPrice: Generated<number>
}

export interface GoodsReviewTable {
  id: Generated<number>
  goodsId: number
  skuId: number | null
  specText: string
  orderId: number | null
  orderItemId: number | null
  memberId: number
  parentId: number | null
  rating: number
  content: string
  images: string
  anonymous: number
  /** 1: hidden from the goods page by the shop (070). */
  hidden: Generated<number>
  /** The shop's reply (070), '' when none. */
  reply: Generated<string>
  repliedAt: number | null
  createdAt: number
}

export interface CollectTable {
  id: Generated<number>
  memberId: number
  goodsId: number
  createdAt: number
}

export interface FootprintTable {
  id: Generated<number>
  memberId: number
  goodsId: number
  day: string
  viewedAt: number
}

declare module './types' {
  interface DB {
    categories: CategoryTable
    brands: BrandTable
    goods: GoodsTable
    goodsSkus: GoodsSkuTable
    goodsReviews: GoodsReviewTable
    collects: CollectTable
    footprints: FootprintTable
  }
}

export interface BannerTable {
  id: Generated<number>
  position: string
  title: string
  image: string
  link: string
  sort: number
  status: string
}

export interface HomeNavTable {
  id: Generated<number>
  title: string
  icon: string
  link: string
  sort: number
}

export interface NoticeTable {
  id: Generated<number>
  title: string
  summary: string
  contentHtml: string
  isTop: number
  status: string
  views: number
  createdAt: number
}

/** Migration 022: the documents a member reads (user agreement, privacy policy), edited by the console. */
export interface DocumentTable {
  id: Generated<number>
  docKey: string
  title: string
  contentHtml: string
  updatedAt: number
}

declare module './types' {
  interface DB {
    banners: BannerTable
    homeNavs: HomeNavTable
    notices: NoticeTable
    documents: DocumentTable
  }
}
