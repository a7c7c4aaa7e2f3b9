import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button, TextArea } from '@nutui/nutui-react-taro'
import type { CashbackCampaign } from '@contract/cashback'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import PhotoUploader from '@/components/PhotoUploader'
import { getCampaign, submitCashbackTask } from '@/api/cashback'
import { requireLogin } from '@/core/auth'
import { queryId } from '@/hooks/useLoadById'
import { useLoadStatus } from '@/hooks/useLoadStatus'
import { navigateTo, redirectTo, usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import './cashback.scss'

const PROOF_MAX = 9
/** What the member still has to do before submitting (the button says the action). */
const STATE_HINT: Partial<Record<CashbackCampaign['state'], string>> = {
  buy: '购买该商品后即可参与活动',
  review: '确认收货并评价该商品后即可提交',
  joined: '您已参与该活动',
}

/** 提交任务: upload the proof (screenshots of the review posted elsewhere) for a campaign, or claim a good-review cashback. */
export default function CashbackSubmitTaskPage() {
  const { campaignId } = usePageParams<{ campaignId: string }>()
  const [c, setC] = useState<CashbackCampaign | null>(null)
  const [images, setImages] = useState<string[]>([])
  const [text, setText] = useState('')
  const [submitting, setSubmitting] = useState(false)

  const cid = queryId(campaignId)
  const status = useLoadStatus(cid !== null)
  const load = () => cid !== null && status.track(getCampaign(cid, { catch: true, toast: false }), setC)
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const isTask = c?.type === 'task'
  const canSubmit = c?.state === 'submit' || (c?.state === 'joined' && c.stateText === '未通过')
  const submit = async () => {
    if (!c || submitting) return
    if (isTask && !images.length) return toast('请上传任务截图')
    setSubmitting(true)
    try {
      const r = await submitCashbackTask({ campaignId: c.id, proofImages: images, proofText: text.trim() }, { catch: true })
      toast('提交成功，等待审核', 'success')
      setTimeout(() => redirectTo(ROUTES.cashbackDetails, { id: r.taskId }), 600)
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageLayout
      variant='back'
      title='提交任务'
      className='cashback-page'
      footer={
        c && canSubmit ? (
          <View className='cb-bar'>
            <Button type='primary' block loading={submitting} onClick={submit}>
              {isTask ? '提交审核' : '领取返现'}
            </Button>
          </View>
        ) : undefined
      }
    >
      <LoadEmptyState state={status.state} missing='链接中没有返现活动' failed={status.message || '没有找到这个返现活动'} onRetry={load} />
      {c && (
        <>
          <View className='card'>
            <View className='cb-goods'>
              <Image className='cb-goods__img' src={assetUrl(c.goodsImage)} mode='aspectFill' />
              <View className='cb-goods__body'>
                <Text className='cb-goods__name'>{c.goodsName}</Text>
                <Text className='cb-goods__sub'>{c.title}</Text>
                <Text className='cb-campaign__amount'>返¥{yuan(c.amount)}</Text>
              </View>
            </View>
          </View>
          <View className='card'>
            <Text className='cb-section'>任务要求</Text>
            <Text className='cb-requirement'>{c.requirement}</Text>
          </View>
          {canSubmit ? (
            <View className='card cb-form'>
              <Text className='cb-section'>
                {isTask ? '上传截图' : '补充图片（选填）'}
                <Text className='cb-form__hint'>{isTask ? '  必填，最多9张' : '  最多9张'}</Text>
              </Text>
              <PhotoUploader value={images} max={PROOF_MAX} label={isTask ? '上传截图' : '上传图片'} onChange={setImages} />
              <TextArea className='cb-form__text' value={text} maxLength={140} showCount placeholder='补充说明（选填），如发布平台和账号昵称' onChange={setText} />
            </View>
          ) : (
            <View className='card cb-state'>
              <Text className='cb-state__text'>{STATE_HINT[c.state] || c.stateText}</Text>
              {c.state === 'review' && c.orderNo && (
                <Button size='small' type='primary' onClick={() => navigateTo(ROUTES.orderEvaluate, { orderNo: c.orderNo })}>
                  去评价
                </Button>
              )}
              {c.state === 'buy' && (
                <Button size='small' type='primary' onClick={() => navigateTo(ROUTES.goodsDetails, { id: c.goodsId })}>
                  去购买
                </Button>
              )}
              {c.state === 'joined' && c.taskId && (
                <Button size='small' fill='outline' onClick={() => redirectTo(ROUTES.cashbackDetails, { id: c.taskId })}>
                  查看任务
                </Button>
              )}
            </View>
          )}
        </>
      )}
    </PageLayout>
  )
}
