/** Shopping cart (/api/cart/*). Money in fen. */
import { Arr, Bool, Id, Int, Obj, type Static } from './schema'

/** At most this many lines in a cart. */
export const MAX_CART_LINES = 100
/** At most this many units of one SKU in a line. */
export const MAX_LINE_QUANTITY = 999
const Quantity = () => Int(1, MAX_LINE_QUANTITY)
const LineIds = () => Arr(Id(), MAX_CART_LINES, 1)

/** Why a cart line cannot be bought: sold out, off the shelf, or the SKU no longer exists. */
export type CartInvalidReason = 'sold_out' | 'off_shelf' | 'sku_gone'

export interface CartLine {
  id: number
  skuId: number
  goodsId: number
  goodsName: string
  image: string
  specText: string
  /** Current price of the SKU (the server's, never the client's). */
  price: number
  originalPrice: number
  quantity: number
  /** Stock now; the quantity stepper is bounded by it. */
  stock: number
  selected: boolean
  /** 起购数量 of the goods (units of all its lines in one order; 0 = none). */
  minQuantity: number
  /** 每人限购 of the goods (0 = none). */
  perMemberLimit: number
  /** Units of the goods the member holds already in orders (counted only when it has a limit). */
  bought: number
  /** Set on invalid lines only. */
  invalidReason?: CartInvalidReason
  invalidText?: string
}

export interface CartList {
  /** Lines that can be bought. */
  valid: CartLine[]
  /** Sold out, off shelf, or SKU gone: shown apart, never checked out. */
  invalid: CartLine[]
  /** Sum of price × quantity over selected valid lines. */
  selectedAmount: number
  selectedQuantity: number
  allSelected: boolean
}

export const CartAddRequest = Obj({ skuId: Id(), quantity: Quantity() })
export type CartAddRequest = Static<typeof CartAddRequest>
/** The line after the add, and the number of lines in the cart (the tab badge). */
export interface CartAddResponse {
  id: number
  quantity: number
  count: number
}
export const CartUpdateRequest = Obj({ id: Id(), quantity: Quantity() })
export type CartUpdateRequest = Static<typeof CartUpdateRequest>
/** Moves a line to another SKU of the same goods (the spec picker in the cart). */
export const CartChangeSkuRequest = Obj({ id: Id(), skuId: Id() })
export type CartChangeSkuRequest = Static<typeof CartChangeSkuRequest>
/** The line that now holds the units (an existing line of that SKU when merged), its quantity, and whether it was merged. */
export interface CartChangeSkuResponse {
  id: number
  quantity: number
  merged: boolean
}
export const CartSelectRequest = Obj({ ids: LineIds(), selected: Bool() })
export type CartSelectRequest = Static<typeof CartSelectRequest>
export const CartSelectAllRequest = Obj({ selected: Bool() })
export type CartSelectAllRequest = Static<typeof CartSelectAllRequest>
export const CartDeleteRequest = Obj({ ids: LineIds() })
export type CartDeleteRequest = Static<typeof CartDeleteRequest>
export interface CartCount {
  /** Number of lines (the tab badge). */
  count: number
  /** Sum of quantities. */
  quantity: number
}
