import { sql } from 'kysely'
import type { Db, Tx } from '../../db/types'
import type { FollowUpRequest, FollowUpResponse, ReviewableOrder, ReviewSubmitRequest, ReviewSubmitResponse, ReviewView } from '../../../../types/review'
import { EMPTY_REVIEW_MESSAGE, EMPTY_REVIEW_TEXT, FOLLOW_UP_DAYS, GOOD_RATING, REVIEW_MAX_CHARS, REVIEW_MAX_IMAGES } from '../../../../types/review'
import { AppError, ErrorCode } from '../../errors'
import { completeOrderTx, isUniqueViolation, ownOrder } from '../order/service'
import { liveCampaignFor, taskForReview } from '../cashback/service'
import { charCount, ownImages, parseImages } from './images'
import type { Contributions } from '../contributions'

/** Orders whose lines may be reviewed: received (待评价) or completed with lines still unreviewed. */
export const REVIEWABLE_ORDER_STATES = ['to_review', 'completed']
/** A follow-up may be written this long after the first review. */
export { FOLLOW_UP_DAYS }
const DAY = 86_400_000

function checkContent(content: unknown, required: boolean): string {
  const text = String(content ?? '').trim()
  if (charCount(text) > REVIEW_MAX_CHARS) throw new AppError(ErrorCode.BAD_REQUEST, `评价内容最多${REVIEW_MAX_CHARS}个字`)
  if (required && !text) throw new AppError(ErrorCode.BAD_REQUEST, '请填写追评内容')
  return text
}

const toView = (r: { id: number; rating: number; content: string; images: string; anonymous: number; createdAt: number }): ReviewView => ({
  id: r.id,
  rating: r.rating,
  content: r.content,
  images: parseImages(r.images),
  anonymous: !!r.anonymous,
  createdAt: Number(r.createdAt),
})

/** The order's lines for the evaluate and follow-up pages: review state, the review and its follow-up, a cashback hint. */
export async function reviewableOrder(db: Db, memberId: number, orderNo: string): Promise<ReviewableOrder> {
  const o = await ownOrder(db, memberId, orderNo)
  const items = await db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).orderBy('id').execute()
  const reviews = items.length
    ? await db
        .selectFrom('goodsReviews')
        .selectAll()
        .where(
          'orderItemId',
          'in',
          items.map((i) => i.id),
        )
        .where('parentId', 'is', null)
        .where('memberId', '=', memberId)
        .execute()
    : []
  const followUps = reviews.length
    ? await db
        .selectFrom('goodsReviews')
        .selectAll()
        .where(
          'parentId',
          'in',
          reviews.map((r) => r.id),
        )
        .execute()
    : []
  const joined = await db.selectFrom('cashbackTasks').select('campaignId').where('memberId', '=', memberId).execute()
  const out: ReviewableOrder = { orderNo: o.orderNo, status: o.status, items: [] }
  for (const i of items) {
    const review = reviews.find((r) => r.orderItemId === i.id)
    const followUp = review ? followUps.find((f) => f.parentId === review.id) : undefined
    const c = await liveCampaignFor(db, i.goodsId)
    out.items.push({
      orderItemId: i.id,
      goodsId: i.goodsId,
      goodsName: i.goodsName,
      image: i.image,
      specText: i.specText,
      price: i.price,
      quantity: i.quantity,
      reviewed: !!i.reviewed,
      review: review ? toView(review) : null,
      followUp: followUp ? toView(followUp) : null,
      cashback: c && !joined.some((j) => j.campaignId === c.id) ? { campaignId: c.id, type: c.type, amount: c.amount, title: c.title } : null,
    })
  }
  return out
}

/**
 * Completes a received order once every line is reviewed or fully refunded (the trade module's
 * completeOrderTx: to_review → completed, its log and hooks). Inside the caller's transaction.
 */
export async function completeIfAllReviewed(tx: Tx, modules: Contributions, orderId: number) {
  const { left } = await tx
    .selectFrom('orderItems')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('orderId', '=', orderId)
    .where('reviewed', '=', 0)
    .whereRef('refundedQuantity', '<', 'quantity')
    .executeTakeFirstOrThrow()
  if (Number(left) === 0) await completeOrderTx(tx, modules, orderId, 'member', '已评价')
}

/**
 * First reviews of one or more lines of an order, in one transaction: each line is the member's, in a
 * reviewable order, not yet reviewed (a conditional update on order_items.reviewed and a unique index on
 * goods_reviews make a double submit fail), not fully refunded. Stars 1-5, at most 140 characters, at most
 * 9 of the member's own uploaded images. The goods' review counters move with it; a qualifying review on a
 * goods with a 'review' cashback campaign makes a cashback task; the order completes when all lines are reviewed.
 */
export async function submitReviews(db: Db, modules: Contributions, memberId: number, req: ReviewSubmitRequest): Promise<ReviewSubmitResponse> {
  if (!Array.isArray(req.items) || !req.items.length) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要评价的商品')
  const ids = req.items.map((i) => i.orderItemId)
  if (new Set(ids).size !== ids.length) throw new AppError(ErrorCode.BAD_REQUEST, '同一商品只能评价一次')
  const prepared: Array<{ orderItemId: number; rating: number; content: string; images: string[]; anonymous: boolean }> = []
  for (const it of req.items) {
    if (!Number.isInteger(it.rating) || it.rating < 1 || it.rating > 5) throw new AppError(ErrorCode.BAD_REQUEST, '请为商品打分（1-5星）')
    const content = checkContent(it.content, false)
    const images = await ownImages(db, memberId, it.images, REVIEW_MAX_IMAGES, '评价图片')
    // Stars alone say nothing to the next shopper: a review has words or a picture.
    if (!content && !images.length) throw new AppError(ErrorCode.BAD_REQUEST, EMPTY_REVIEW_MESSAGE)
    prepared.push({ orderItemId: it.orderItemId, rating: it.rating, content, images, anonymous: !!it.anonymous })
  }
  try {
    return await db.transaction().execute(async (tx) => {
      const o = await ownOrder(tx, memberId, req.orderNo)
      if (!REVIEWABLE_ORDER_STATES.includes(o.status)) throw new AppError(ErrorCode.ORDER_STATE, o.status === 'to_receive' ? '确认收货后才能评价' : '该订单当前不能评价')
      const t = Date.now()
      const reviewIds: number[] = []
      const cashbackTasks: ReviewSubmitResponse['cashbackTasks'] = []
      for (const p of prepared) {
        const item = await tx.selectFrom('orderItems').selectAll().where('id', '=', p.orderItemId).where('orderId', '=', o.id).where('memberId', '=', memberId).executeTakeFirst()
        if (!item) throw new AppError(ErrorCode.NOT_FOUND, '订单商品不存在')
        if (item.refundedQuantity >= item.quantity) throw new AppError(ErrorCode.ORDER_STATE, `「${item.goodsName}」已退款，无需评价`)
        const mark = await tx.updateTable('orderItems').set({ reviewed: 1 }).where('id', '=', item.id).where('reviewed', '=', 0).executeTakeFirst()
        if (Number(mark.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, `「${item.goodsName}」已评价过了`)
        const r = await tx
          .insertInto('goodsReviews')
          .values({
            goodsId: item.goodsId,
            skuId: item.skuId,
            specText: item.specText,
            orderId: o.id,
            orderItemId: item.id,
            memberId,
            parentId: null,
            rating: p.rating,
            content: p.content || EMPTY_REVIEW_TEXT,
            images: JSON.stringify(p.images),
            anonymous: p.anonymous ? 1 : 0,
            createdAt: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        reviewIds.push(r.id)
        await tx
          .updateTable('goods')
          .set({ reviewCount: sql<number>`review_count + 1`, goodReviewCount: sql<number>`good_review_count + ${p.rating >= GOOD_RATING ? 1 : 0}` })
          .where('id', '=', item.goodsId)
          .execute()
        const task = await taskForReview(tx, {
          memberId,
          goodsId: item.goodsId,
          orderId: o.id,
          orderItemId: item.id,
          reviewId: r.id,
          rating: p.rating,
          content: p.content,
          images: p.images,
          createdAt: t,
        })
        if (task) cashbackTasks.push(task)
      }
      await completeIfAllReviewed(tx, modules, o.id)
      const after = await tx.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()
      return { orderNo: o.orderNo, orderStatus: after.status, reviewIds, cashbackTasks }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, '该商品已评价过了')
    throw err
  }
}

/** One follow-up per first review (unique index on parent_id), within FOLLOW_UP_DAYS, text required. */
export async function submitFollowUp(db: Db, memberId: number, req: FollowUpRequest): Promise<FollowUpResponse> {
  const content = checkContent(req.content, true)
  const images = await ownImages(db, memberId, req.images, REVIEW_MAX_IMAGES, '追评图片')
  const first = await db.selectFrom('goodsReviews').selectAll().where('orderItemId', '=', req.orderItemId).where('parentId', 'is', null).where('memberId', '=', memberId).executeTakeFirst()
  if (!first) throw new AppError(ErrorCode.BAD_REQUEST, '请先评价该商品')
  if (Date.now() - Number(first.createdAt) > FOLLOW_UP_DAYS * DAY) throw new AppError(ErrorCode.CONFLICT, `评价超过${FOLLOW_UP_DAYS}天，不能追评`)
  try {
    const r = await db
      .insertInto('goodsReviews')
      .values({
        goodsId: first.goodsId,
        skuId: first.skuId,
        specText: first.specText,
        orderId: first.orderId,
        orderItemId: null,
        memberId,
        parentId: first.id,
        rating: first.rating,
        content,
        images: JSON.stringify(images),
        anonymous: first.anonymous,
        createdAt: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: r.id, parentId: first.id }
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, '已经追评过了')
    throw err
  }
}
