import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button, Rate } from '@nutui/nutui-react-taro'
import type { CashbackTaskDetail } from '@contract/cashback'
import { CASHBACK_TASK_STATUS_TEXT } from '@contract/cashback'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import Timeline from '@/components/Timeline'
import { getCashbackTask } from '@/api/cashback'
import { requireLogin } from '@/core/auth'
import { queryId } from '@/hooks/useLoadById'
import { useLoadStatus } from '@/hooks/useLoadStatus'
import { navigateTo, usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import { previewImages } from '@/platform/preview'
import './cashback.scss'

const HINT: Record<string, string> = {
  submitted: '平台将在1-3个工作日内完成审核',
  approved: '审核已通过，返现正在发放',
  rejected: '审核未通过，可修改后重新提交',
  paid: '返现已存入您的余额',
}

function Images({ urls }: { urls: string[] }) {
  if (!urls.length) return null
  return (
    <View className='cb-imgs'>
      {urls.map((u, i) => (
        <Image key={u} className='cb-imgs__img' src={assetUrl(u)} mode='aspectFill' onClick={() => previewImages(urls.map(assetUrl), assetUrl(urls[i]))} />
      ))}
    </View>
  )
}

/** 返现详情: one cashback task: status, amount, progress, proof, the review it rests on, and resubmission after a rejection. */
export default function CashbackDetailsPage() {
  const { id } = usePageParams<{ id: string }>()
  const [task, setTask] = useState<CashbackTaskDetail | null>(null)

  const taskId = queryId(id)
  const status = useLoadStatus(taskId !== null)
  const load = () => taskId !== null && status.track(getCashbackTask(taskId, { catch: true, toast: false }), setTask)
  useDidShow(() => {
    if (requireLogin()) load()
  })

  return (
    <PageLayout
      variant='back'
      title='返现详情'
      className='cashback-page'
      footer={
        task?.canResubmit ? (
          <View className='cb-bar'>
            <Button type='primary' block onClick={() => navigateTo(ROUTES.cashbackSubmitTask, { campaignId: task.campaignId })}>
              重新提交
            </Button>
          </View>
        ) : undefined
      }
    >
      <LoadEmptyState state={status.state} missing='链接中没有返现记录' failed={status.message || '没有找到这条返现记录'} onRetry={load} />
      {task && (
        <>
          <View className={`cb-status-head cb-status-head--${task.status}`}>
            <Text className='cb-status-head__text'>{task.statusText}</Text>
            <Text className='cb-status-head__amount'>¥{yuan(task.amount)}</Text>
            <Text className='cb-status-head__hint'>{HINT[task.status]}</Text>
            {task.status === 'rejected' && <Text className='cb-status-head__reason'>原因：{task.rejectReason}</Text>}
          </View>
          <View className='card'>
            <View className='cb-goods' onClick={() => navigateTo(ROUTES.goodsDetails, { id: task.goodsId })}>
              <Image className='cb-goods__img' src={assetUrl(task.goodsImage)} mode='aspectFill' />
              <View className='cb-goods__body'>
                <Text className='cb-goods__name'>{task.goodsName}</Text>
                <Text className='cb-goods__sub'>{task.campaignTitle}</Text>
                <Text className='cb-goods__sub'>订单号 {task.orderNo}</Text>
              </View>
            </View>
            {task.requirement && <Text className='cb-requirement'>{task.requirement}</Text>}
          </View>
          <View className='card'>
            <Text className='cb-section'>进度</Text>
            <Timeline entries={task.logs.map((l) => ({ title: CASHBACK_TASK_STATUS_TEXT[l.status], note: l.note, at: l.createdAt }))} />
          </View>
          {(task.proofImages.length > 0 || task.proofText) && (
            <View className='card'>
              <Text className='cb-section'>任务凭证</Text>
              {task.proofText && <Text className='cb-text'>{task.proofText}</Text>}
              <Images urls={task.proofImages} />
            </View>
          )}
          {task.review && (
            <View className='card'>
              <Text className='cb-section'>我的评价</Text>
              <Rate value={task.review.rating} readOnly count={5} />
              <Text className='cb-text'>{task.review.content}</Text>
              <Images urls={task.review.images} />
            </View>
          )}
        </>
      )}
    </PageLayout>
  )
}
