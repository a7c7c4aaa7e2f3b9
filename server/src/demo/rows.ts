import type { Insertable } from 'kysely'
import type { GoodsSkuTable, GoodsTable, MemberTable } from '../db/tables'

/**
 * Row builders of the demo data, shared by the seeders and the benches (bench/flash-sale-setup.ts, bench/search.ts): a
 * row with what a new record starts with, the caller naming what differs. Rows only: a seeder that has a service for
 * the write (addAddress, createOrder, changeBalance...) goes through it.
 */

/** A member as registering makes one (active, no openids, no sharer, no points), created and updated at `at`. */
export const memberRow = (at: number, fields: Partial<Insertable<MemberTable>> & Pick<Insertable<MemberTable>, 'nickname'>): Insertable<MemberTable> => ({
  phone: null,
  avatar: '',
  gender: 0,
  openidH5: null,
  openidMini: null,
  shareMemberId: null,
  boundBusinessId: null,
  invitationCode: null,
  points: 0,
  status: 'active',
  logoffAt: null,
  createdAt: at,
  updatedAt: at,
  ...fields,
})

/** A goods on sale without pictures, specs, sales or reviews (original price = price unless given), created and updated at `at`. */
export const goodsRow = (at: number, fields: Partial<Insertable<GoodsTable>> & Pick<Insertable<GoodsTable>, 'categoryId' | 'name' | 'price' | 'stock'>): Insertable<GoodsTable> => ({
  brandId: null,
  subtitle: '',
  mainImage: '',
  images: '[]',
  detailHtml: '',
  specGroups: '[]',
  originalPrice: fields.price,
  sales: 0,
  status: 'on',
  tags: '',
  isHot: 0,
  isNew: 0,
  commissionRate: null,
  reviewCount: 0,
  goodReviewCount: 0,
  createdAt: at,
  updatedAt: at,
  ...fields,
})

/** A goods' SKU: the single 默认 one unless its specs are given (original price = price unless given), nothing sold yet. */
export const skuRow = (fields: Partial<Insertable<GoodsSkuTable>> & Pick<Insertable<GoodsSkuTable>, 'goodsId' | 'price' | 'stock'>): Insertable<GoodsSkuTable> => ({
  specs: '{}',
  specText: '默认',
  originalPrice: fields.price,
  sales: 0,
  image: '',
  ...fields,
})
