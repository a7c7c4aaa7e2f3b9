import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Checkbox, Rate, TextArea } from '@nutui/nutui-react-taro'
import { Success } from '@nutui/icons-react-taro'
import type { ReviewableOrder, ReviewSubmitResponse } from '@contract/review'
import { RATING_TEXT, REVIEW_MAX_CHARS, REVIEW_MAX_IMAGES } from '@contract/review'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import PhotoUploader from '@/components/PhotoUploader'
import { GoodsLine } from '@/components/Order'
import { getReviewableOrder, submitReviews } from '@/api/review'
import { requireLogin } from '@/core/auth'
import { navigateTo, redirectTo, usePageParams } from '@/core/nav'
import { toast } from '@/core/toast'
import { useLoadStatus } from '@/hooks/useLoadStatus'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import { clipReview, newReviewDraft, reviewDraftError, type ReviewDraft } from '@/utils/reviewForm'
import './review.scss'

/** 评价晒单: per goods a star rating, up to 140 characters, up to 9 photos and an anonymous option. */
export default function MyOrderEvaluatePage() {
  const { orderNo = '' } = usePageParams<{ orderNo: string }>()
  const [order, setOrder] = useState<ReviewableOrder | null>(null)
  const [drafts, setDrafts] = useState<Record<number, ReviewDraft>>({})
  const [submitting, setSubmitting] = useState(false)
  const [done, setDone] = useState<ReviewSubmitResponse | null>(null)

  const status = useLoadStatus(!!orderNo)
  const load = () =>
    status.track(getReviewableOrder(orderNo, { catch: true, toast: false }), (o) => {
      setOrder(o)
      setDrafts((d) => {
        const next = { ...d }
        for (const i of o.items) if (!i.reviewed && !next[i.orderItemId]) next[i.orderItemId] = newReviewDraft()
        return next
      })
    })
  useDidShow(() => {
    if (!requireLogin() || !orderNo || done) return
    load()
  })

  const todo = order?.items.filter((i) => !i.reviewed) || []
  const reviewed = order?.items.filter((i) => i.reviewed) || []
  const patch = (id: number, p: Partial<ReviewDraft>) => setDrafts((d) => ({ ...d, [id]: { ...d[id], ...p } }))

  const submit = async () => {
    if (!order || submitting || !todo.length) return
    for (const i of todo) {
      const err = reviewDraftError(drafts[i.orderItemId])
      if (err) return toast(todo.length > 1 ? `「${i.goodsName.slice(0, 10)}」${err}` : err)
    }
    setSubmitting(true)
    try {
      const r = await submitReviews({ orderNo, items: todo.map((i) => ({ orderItemId: i.orderItemId, ...drafts[i.orderItemId], content: drafts[i.orderItemId].content.trim() })) }, { catch: true })
      setDone(r)
      toast('评价成功', 'success')
    } catch {
      // the request layer showed the reason
    } finally {
      setSubmitting(false)
    }
  }

  if (done) {
    const cash = done.cashbackTasks.reduce((s, t) => s + t.amount, 0)
    return (
      <PageLayout variant='back' title='评价晒单' className='review-page'>
        <View className='review-done'>
          <Success size={56} color='#af57ff' />
          <Text className='review-done__title'>评价成功</Text>
          <Text className='review-done__text'>感谢您的评价，您的分享能帮助更多人</Text>
          {cash > 0 && <Text className='review-done__cash'>好评返现 ¥{yuan(cash)} 已提交审核，审核通过后存入余额</Text>}
          <View className='review-done__btns'>
            {cash > 0 && (
              <Button type='primary' onClick={() => redirectTo(ROUTES.cashback, { tab: 'tasks' })}>
                查看返现进度
              </Button>
            )}
            <Button fill='outline' onClick={() => redirectTo(ROUTES.orderDetails, { orderNo })}>
              返回订单
            </Button>
          </View>
        </View>
      </PageLayout>
    )
  }

  return (
    <PageLayout
      variant='back'
      title='评价晒单'
      className='review-page'
      footer={
        todo.length > 0 ? (
          <View className='review-page__bar'>
            <Button type='primary' block loading={submitting} onClick={submit} className='review-page__submit'>
              提交评价
            </Button>
          </View>
        ) : undefined
      }
    >
      <LoadEmptyState state={status.state} missing='链接中没有订单号' failed={status.message || '没有找到这笔订单'} onRetry={load} />
      {order && !todo.length && (
        <View className='review-empty'>
          <Text>该订单的商品都已评价</Text>
        </View>
      )}
      {todo.map((i) => {
        const d = drafts[i.orderItemId] || newReviewDraft()
        return (
          <View key={i.orderItemId} className='review-card'>
            <GoodsLine image={i.image} goodsName={i.goodsName} specText={i.specText} price={i.price} quantity={i.quantity} />
            {i.cashback && (
              <View className='review-card__cash'>
                <Text className='review-card__cash-tag'>好评返现</Text>
                <Text>
                  {i.cashback.type === 'review' ? '好评审核通过后' : '评价并提交任务截图后'}可得 ¥{yuan(i.cashback.amount)}
                </Text>
              </View>
            )}
            <View className='review-card__rate'>
              <Text className='review-card__label'>商品评分</Text>
              <Rate value={d.rating} count={5} onChange={(v) => patch(i.orderItemId, { rating: v })} />
              <Text className='review-card__rate-text'>{RATING_TEXT[d.rating] || ''}</Text>
            </View>
            <TextArea
              className='review-card__text'
              value={d.content}
              maxLength={REVIEW_MAX_CHARS}
              showCount
              autoSize
              placeholder='宝贝满足你的期待吗？说说它的优点和美中不足吧'
              onChange={(v) => patch(i.orderItemId, { content: clipReview(v) })}
            />
            <PhotoUploader value={d.images} max={REVIEW_MAX_IMAGES} label='晒图' onChange={(images) => patch(i.orderItemId, { images })} />
            <View className='review-card__anon'>
              <Checkbox checked={d.anonymous} onChange={(v) => patch(i.orderItemId, { anonymous: v })} label='匿名评价' />
              <Text className='review-card__anon-hint'>{d.anonymous ? '你的评价将以匿名形式展示' : '你的昵称和头像将展示在评价中'}</Text>
            </View>
          </View>
        )
      })}
      {reviewed.length > 0 && (
        <View className='review-card'>
          <Text className='review-card__section'>已评价</Text>
          {reviewed.map((i) => (
            <View key={i.orderItemId} className='review-card__done'>
              <GoodsLine image={i.image} goodsName={i.goodsName} specText={i.specText} price={i.price} quantity={i.quantity} />
              {!i.followUp && (
                <Button size='small' fill='outline' className='review-card__follow' onClick={() => navigateTo(ROUTES.orderFollowUp, { orderNo, orderItemId: i.orderItemId })}>
                  追加评价
                </Button>
              )}
            </View>
          ))}
        </View>
      )}
    </PageLayout>
  )
}
