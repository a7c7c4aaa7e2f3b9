import type { Selectable } from 'kysely'
import type { Conn, Tx } from '../../db/types'
import type { Contributions } from '../contributions'
import type { MemberAddress } from '../../../../types/address'
import type { OrderTypeValue, PickupPointTable } from '../../db/tradeTables'
import { MAX_BUY_QUANTITY, type OrderExtras, type OrderPickupPreview, type OrderPreviewRequest } from '../../../../types/order'
import { AppError, ErrorCode } from '../../errors'
import { getAddress, defaultAddress } from '../address/service'
import { invalidReason } from '../cart/service'
import { BASE_FREIGHT, FREE_FREIGHT_THRESHOLD, freightOfLines } from './freight'
import { checkPurchaseLimits } from './limits'
import { checkoutPickup } from './pickup'

export { FREE_FREIGHT_THRESHOLD }

/**
 * Order pricing: the server's prices, the freight rule, then the registered pricing steps
 * (coupons, points...), then the pay amount and each line's share of the discounts.
 *
 * Freight: the goods' freight templates (./freight.ts, console 设置 → 运费). BASE_FREIGHT / FREE_FREIGHT_THRESHOLD are the rule the
 * shop had before templates (¥8, free from ¥99): migration 055's default template starts with them, and the demo
 * seeds still price their orders with freightFor.
 */
export const MAX_ORDER_LINES = 50
export { MAX_BUY_QUANTITY }

export const freightFor = (goodsAmount: number): number => (goodsAmount <= 0 || goodsAmount >= FREE_FREIGHT_THRESHOLD ? 0 : BASE_FREIGHT)

/** What prices an order: the preview request's fields (types/order.ts; couponId and usePoints are read by the promotions module's steps), the member, and the kind of order. */
export type PricingInput = OrderPreviewRequest & {
  memberId: number
  orderType?: OrderTypeValue
  /** Submit only: a pickup point must be named (the preview picks the first). */
  submitting?: boolean
  /** Submit: the 支付密码 verified before the transaction (balance/password.ts payPasswordProof); the balance step spends only with it. */
  payPasswordProof?: { readonly memberId: number }
}

export interface DraftLine {
  skuId: number
  goodsId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  stock: number
  /** price × quantity */
  amount: number
  /** amount minus this line's share of the discounts (set by finalize). */
  payAmount: number
  /** What the member level's discount takes off this line (the level step; absent = nothing). */
  levelDiscount?: number
  /** The cart line it came from (removed when the order is made). */
  cartItemId: number | null
}

export interface OrderDraft {
  memberId: number
  from: 'cart' | 'buyNow'
  orderType: OrderTypeValue
  lines: DraftLine[]
  address: MemberAddress | null
  goodsAmount: number
  freightAmount: number
  /** The member level's discount (the sum of the lines'); the coupon and the points see the goods after it. */
  levelDiscount: number
  /** The member level's points multiplier in tenths (10 = 1×), kept on the order for its completion reward. */
  pointsTenths: number
  couponId: number | null
  couponDiscount: number
  pointsUsed: number
  pointsDiscount: number
  payAmount: number
  /** What the balance pays of payAmount (the balance step, after finalize); the gateway pays the rest. */
  balanceAmount: number
  /** What a step wants the confirm page to show (usable coupons, points balance): one declared key per step. */
  extras: OrderExtras
  /** 到店自提 (docs/orders.md "Self-pickup"): the point chosen (no address, no freight); null = delivered by courier. */
  pickupPoint: Selectable<PickupPointTable> | null
  /** The checkout's pickup part (points offered, the member's phone); empty for flash-sale and points orders (delivery only). */
  pickupPreview: OrderPickupPreview
}

/** No pickup offered: flash-sale and points orders are delivered only. */
export const NO_PICKUP: OrderPickupPreview = { points: [], point: null, contactPhone: '', contactName: '' }

/**
 * A new draft of the given lines: their goods amount, nothing taken off yet, no extras. Every kind of order starts
 * here (priceOrder, a flash sale's, a points redemption's, the demo seeds'); the pricing steps and finalize() do the rest.
 */
export function newDraft(d: Pick<OrderDraft, 'memberId' | 'from' | 'orderType' | 'lines' | 'address'> & Partial<Pick<OrderDraft, 'freightAmount' | 'pointsUsed'>>): OrderDraft {
  return {
    memberId: d.memberId,
    from: d.from,
    orderType: d.orderType,
    lines: d.lines,
    address: d.address,
    goodsAmount: d.lines.reduce((s, l) => s + l.amount, 0),
    freightAmount: d.freightAmount ?? 0,
    levelDiscount: 0,
    pointsTenths: 10,
    couponId: null,
    couponDiscount: 0,
    pointsUsed: d.pointsUsed ?? 0,
    pointsDiscount: 0,
    payAmount: 0,
    balanceAmount: 0,
    extras: {},
    pickupPoint: null,
    pickupPreview: NO_PICKUP,
  }
}

/**
 * A pricing step (the coupon and points modules contribute theirs as ShopModule.pricingSteps).
 * - apply: adjusts the draft (couponId/couponDiscount, pointsUsed/pointsDiscount, freightAmount, extras).
 *   Runs for preview and for submit; it must not write. Throw AppError to refuse (e.g. COUPON_NOT_APPLICABLE).
 * - commit: inside the submit transaction, after the order and its lines exist: take what the step
 *   promised with a conditional update (mark the coupon used, deduct points with a ledger line).
 *   Throwing rolls the whole order back. Returning things on cancel/expiry: the module's orderHooks.cancelled.
 */
export interface PricingStep {
  name: string
  apply(db: Conn, draft: OrderDraft, input: PricingInput): Promise<void>
  commit?(tx: Tx, draft: OrderDraft, order: { id: number; orderNo: string; memberId: number }): Promise<void>
  /** Runs once the amounts are final (after finalize), for a step that pays part of payAmount (the balance); must not write. */
  afterFinalize?(db: Conn, draft: OrderDraft, input: PricingInput): Promise<void>
}

const outOfStock = (name: string, stock: number) => new AppError(ErrorCode.OUT_OF_STOCK, stock <= 0 ? `「${name}」已售罄` : `「${name}」库存不足，仅剩${stock}件`, { stock })

/** Lines from the cart (selected, valid lines) or from one buy-now SKU, at today's prices. */
export async function loadLines(db: Conn, input: PricingInput): Promise<DraftLine[]> {
  if (input.from === 'buyNow') {
    const quantity = Number(input.quantity)
    if (!input.skuId || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_BUY_QUANTITY) throw new AppError(ErrorCode.BAD_REQUEST, '请选择商品规格和数量')
    const r = await db
      .selectFrom('goodsSkus as s')
      .innerJoin('goods as g', 'g.id', 's.goodsId')
      .select(['s.id', 's.goodsId', 's.specText', 's.price', 's.stock', 's.image', 'g.name', 'g.mainImage', 'g.status'])
      .where('s.id', '=', input.skuId)
      .executeTakeFirst()
    if (!r) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
    if (r.status !== 'on') throw new AppError(ErrorCode.GOODS_OFF_SHELF, `「${r.name}」已下架`)
    if (r.stock < quantity) throw outOfStock(r.name, r.stock)
    return [
      {
        skuId: r.id,
        goodsId: r.goodsId,
        goodsName: r.name,
        image: r.image || r.mainImage,
        specText: r.specText,
        price: r.price,
        quantity,
        stock: r.stock,
        amount: r.price * quantity,
        payAmount: r.price * quantity,
        cartItemId: null,
      },
    ]
  }
  const rows = await db
    .selectFrom('cartItems as c')
    .leftJoin('goodsSkus as s', 's.id', 'c.skuId')
    .leftJoin('goods as g', 'g.id', 's.goodsId')
    .select([
      'c.id',
      'c.skuId',
      'c.quantity',
      's.id as skuExists',
      's.goodsId',
      's.specText',
      's.price',
      's.stock as skuStock',
      's.image',
      'g.name as goodsName',
      'g.mainImage',
      'g.status as goodsStatus',
    ])
    .where('c.memberId', '=', input.memberId)
    .where('c.selected', '=', 1)
    .orderBy('c.updatedAt', 'desc')
    .orderBy('c.id', 'desc')
    .execute()
  const lines: DraftLine[] = []
  for (const r of rows) {
    if (invalidReason(r)) continue // sold out / off shelf / gone: shown apart in the cart, never bought
    const stock = r.skuStock as number
    if (r.quantity > stock) throw outOfStock(r.goodsName as string, stock)
    const price = r.price as number
    lines.push({
      skuId: r.skuId,
      goodsId: r.goodsId as number,
      goodsName: r.goodsName as string,
      image: r.image || r.mainImage || '',
      specText: r.specText || '',
      price,
      quantity: r.quantity,
      stock,
      amount: price * r.quantity,
      payAmount: price * r.quantity,
      cartItemId: r.id,
    })
  }
  if (!lines.length) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要结算的商品')
  if (lines.length > MAX_ORDER_LINES) throw new AppError(ErrorCode.BAD_REQUEST, `一次最多结算${MAX_ORDER_LINES}种商品`)
  return lines
}

/** Splits `discount` over the lines in proportion to their amounts (largest remainder, so the parts add up). */
export function allocate(lines: Array<{ amount: number }>, discount: number): number[] {
  const total = lines.reduce((s, l) => s + l.amount, 0)
  if (total <= 0 || discount <= 0) return lines.map(() => 0)
  const d = Math.min(discount, total)
  const exact = lines.map((l) => (l.amount * d) / total)
  const parts = exact.map(Math.floor)
  let rest = d - parts.reduce((s, p) => s + p, 0)
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i)
  for (const { i } of order) {
    if (rest <= 0) break
    if (parts[i] < lines[i].amount) {
      parts[i] += 1
      rest -= 1
    }
  }
  return parts
}

/** What the member level's discount left of each line: the amount the coupon and the points are shared over. */
export const afterLevel = (l: DraftLine): number => l.amount - Math.max(0, Math.min(l.levelDiscount || 0, l.amount))

/**
 * Pay amount and per-line shares; discounts never take the amount below zero. The level's discount comes off its
 * own lines first, then the coupon and the points are shared over what is left of each line (PRICING_ORDER).
 */
export function finalize(draft: OrderDraft): OrderDraft {
  const net = draft.lines.map(afterLevel)
  const level = draft.lines.reduce((s, l, i) => s + l.amount - net[i], 0)
  const gross = draft.goodsAmount + draft.freightAmount - level
  const coupon = Math.max(0, Math.min(draft.couponDiscount, gross))
  const points = Math.max(0, Math.min(draft.pointsDiscount, gross - coupon))
  draft.levelDiscount = level
  draft.couponDiscount = coupon
  draft.pointsDiscount = points
  draft.payAmount = gross - coupon - points
  const netGoods = draft.goodsAmount - level
  const shares = allocate(
    net.map((amount) => ({ amount })),
    Math.min(coupon + points, netGoods),
  )
  draft.lines.forEach((l, i) => (l.payAmount = net[i] - shares[i]))
  return draft
}

/**
 * Prices an order: preview shows it, submit prices again inside its transaction (the client's prices are never used). The steps are the modules' (ctx.modules).
 * The goods' 每人限购 / 起购数量 are checked on both (2005); `lock` (submit) serialises one member's submissions on PostgreSQL (./limits.ts).
 */
export async function priceOrder(db: Conn, modules: Pick<Contributions, 'pricingSteps'>, input: PricingInput, opts: { lock?: boolean } = {}): Promise<OrderDraft> {
  const lines = await loadLines(db, input)
  await checkPurchaseLimits(db, input.memberId, lines, opts)
  const pickup = await checkoutPickup(db, input.memberId, input, !!input.submitting)
  // A pickup order needs no address and pays no freight: the goods never travel.
  const address = pickup.point ? null : input.addressId ? await getAddress(db, input.memberId, input.addressId) : await defaultAddress(db, input.memberId)
  const freightAmount = pickup.point ? 0 : await freightOfLines(db, lines, address)
  const draft = newDraft({ memberId: input.memberId, from: input.from, orderType: input.orderType || 'normal', lines, address, freightAmount })
  draft.pickupPoint = pickup.point
  draft.pickupPreview = pickup.preview
  for (const step of modules.pricingSteps) await step.apply(db, draft, input)
  return finalizeWithSteps(db, modules, draft, input)
}

/** finalize(), then the steps that pay part of the final amount (the balance): every kind of order that takes them ends here. */
export async function finalizeWithSteps(db: Conn, modules: Pick<Contributions, 'pricingSteps'>, draft: OrderDraft, input: PricingInput): Promise<OrderDraft> {
  finalize(draft)
  draft.balanceAmount = 0
  for (const step of modules.pricingSteps) if (step.afterFinalize) await step.afterFinalize(db, draft, input)
  return draft
}
