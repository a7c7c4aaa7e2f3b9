import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button, Rate, TextArea } from '@nutui/nutui-react-taro'
import type { ReviewableItem } from '@contract/review'
import { REVIEW_MAX_CHARS, REVIEW_MAX_IMAGES } from '@contract/review'
import PageLayout from '@/components/PageLayout'
import PhotoUploader from '@/components/PhotoUploader'
import { GoodsLine } from '@/components/Order'
import { getReviewableOrder, submitFollowUp } from '@/api/review'
import { requireLogin } from '@/core/auth'
import { back, redirectTo, usePageParams } from '@/core/nav'
import { ROUTES } from '@/routes'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { formatTime } from '@/utils/time'
import { clipReview, reviewDraftError } from '@/utils/reviewForm'
import { previewImages } from '@/platform/preview'
import './review.scss'

/** 追加评价: one additional review after the first, for one goods of the order. */
export default function MyOrderFollowUpPage() {
  const { orderNo = '', orderItemId } = usePageParams<{ orderNo: string; orderItemId: string }>()
  const [item, setItem] = useState<ReviewableItem | null>(null)
  const [missing, setMissing] = useState('')
  const [content, setContent] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [submitting, setSubmitting] = useState(false)

  useDidShow(() => {
    if (!requireLogin() || !orderNo) return
    getReviewableOrder(orderNo).then((o) => {
      const candidates = o.items.filter((i) => i.review && (!orderItemId || i.orderItemId === Number(orderItemId)))
      const open = candidates.find((i) => !i.followUp)
      setItem(open || candidates[0] || null)
      setMissing(!candidates.length ? '请先评价该商品' : !open ? '已经追评过了' : '')
    })
  })

  const submit = async () => {
    if (!item || submitting) return
    const err = reviewDraftError({ rating: 5, content, images }, { requireText: true })
    if (err) return toast(err)
    setSubmitting(true)
    try {
      await submitFollowUp({ orderItemId: item.orderItemId, content: content.trim(), images }, { catch: true })
      toast('追评成功', 'success')
      setTimeout(() => back(), 800)
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false)
    }
  }

  const r = item?.review
  const canWrite = !!item && !item.followUp && !missing
  return (
    <PageLayout
      variant='back'
      title='追加评价'
      className='review-page'
      footer={
        canWrite ? (
          <View className='review-page__bar'>
            <Button type='primary' block loading={submitting} onClick={submit} className='review-page__submit'>
              发布追评
            </Button>
          </View>
        ) : undefined
      }
    >
      {item && (
        <View className='review-card'>
          <GoodsLine image={item.image} goodsName={item.goodsName} specText={item.specText} price={item.price} quantity={item.quantity} />
          {r && (
            <View className='review-card__first'>
              <View className='review-card__first-head'>
                <Rate value={r.rating} readOnly count={5} />
                <Text className='review-card__time'>{formatTime(r.createdAt, 'YYYY-MM-DD')} 首次评价</Text>
              </View>
              <Text className='review-card__first-text'>{r.content}</Text>
              {r.images.length > 0 && (
                <View className='review-card__imgs'>
                  {r.images.map((src, k) => (
                    <Image key={src} className='review-card__img' src={assetUrl(src)} mode='aspectFill' onClick={() => previewImages(r.images.map(assetUrl), assetUrl(r.images[k]))} />
                  ))}
                </View>
              )}
            </View>
          )}
          {item.followUp && (
            <View className='review-card__first'>
              <Text className='review-card__section'>追加评价 · {formatTime(item.followUp.createdAt, 'YYYY-MM-DD')}</Text>
              <Text className='review-card__first-text'>{item.followUp.content}</Text>
            </View>
          )}
          {canWrite && (
            <>
              <TextArea
                className='review-card__text'
                value={content}
                maxLength={REVIEW_MAX_CHARS}
                showCount
                autoSize
                placeholder='用了一段时间，说说使用感受吧'
                onChange={(v) => setContent(clipReview(v))}
              />
              <PhotoUploader value={images} max={REVIEW_MAX_IMAGES} label='晒图' onChange={setImages} />
            </>
          )}
        </View>
      )}
      {missing && (
        <View className='review-empty'>
          <Text>{missing}</Text>
          {missing === '请先评价该商品' && (
            <Button size='small' type='primary' className='review-empty__btn' onClick={() => redirectTo(ROUTES.orderEvaluate, { orderNo })}>
              去评价
            </Button>
          )}
        </View>
      )}
    </PageLayout>
  )
}
