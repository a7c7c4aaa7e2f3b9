/** Shopping cart (/api/cart/*). Money in fen. */

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

export interface CartAddRequest {
  skuId: number
  quantity: number
}
/** The line after the add, and the number of lines in the cart (the tab badge). */
export interface CartAddResponse {
  id: number
  quantity: number
  count: number
}
export interface CartUpdateRequest {
  id: number
  quantity: number
}
export interface CartSelectRequest {
  ids: number[]
  selected: boolean
}
export interface CartSelectAllRequest {
  selected: boolean
}
export interface CartDeleteRequest {
  ids: number[]
}
export interface CartCount {
  /** Number of lines (the tab badge). */
  count: number
  /** Sum of quantities. */
  quantity: number
}
