import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { Success } from '@nutui/icons-react-taro'
import type { AfterSaleDetail } from '@contract/afterSales'
import PageLayout from '@/components/PageLayout'
import { GoodsLine } from '@/components/Order'
import { getAfterSaleDetail } from '@/api/afterSales'
import { requireLogin } from '@/core/auth'
import { redirectTo, usePageParams } from '@/core/nav'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import { approvedLessText, caseAmount, lineRefundNote } from '@/utils/refund'
import './afterSales.scss'

const STEPS = ['提交申请', '商家处理', '退款到账']
const stepOf = (s: string) => (s === 'refunded' ? 2 : s === 'applied' ? 0 : 1)

/** 仅退款: the refund-only application as submitted, where it stands, and what happens next. */
export default function AfterSalesApplyConfirmPage() {
  const { afterSaleNo = '' } = usePageParams<{ afterSaleNo: string }>()
  const [d, setD] = useState<AfterSaleDetail | null>(null)

  useDidShow(() => {
    if (requireLogin() && afterSaleNo) getAfterSaleDetail(afterSaleNo).then(setD)
  })

  const now = d ? stepOf(d.status) : 0
  return (
    <PageLayout variant='back' title='仅退款' className='as-page'>
      {d && (
        <>
          <View className='as-result'>
            <Success size={48} color='#af57ff' />
            <Text className='as-result__title'>{d.status === 'applied' ? '退款申请已提交' : d.statusText}</Text>
            <Text className='as-result__text'>
              {d.status === 'applied'
                ? '商家将在48小时内处理，同意后退款将原路退回'
                : d.status === 'refunded'
                  ? `¥${yuan(d.refundAmount)} 已原路退回`
                  : d.status === 'rejected'
                    ? `拒绝原因：${d.rejectReason}`
                    : '请留意售后进度'}
            </Text>
            {!!approvedLessText(d) && (
              <Text className='as-result__text as-approved'>
                {approvedLessText(d)}
                {d.approveNote ? `，原因：${d.approveNote}` : ''}
              </Text>
            )}
          </View>
          <View className='card as-steps'>
            {STEPS.map((s, i) => (
              <View key={s} className={`as-steps__item ${i <= now ? 'as-steps__item--on' : ''}`}>
                <Text className='as-steps__no'>{i + 1}</Text>
                <Text className='as-steps__text'>{s}</Text>
              </View>
            ))}
          </View>
          <View className='card'>
            {d.items.map((i) => (
              <GoodsLine key={i.orderItemId} image={i.image} goodsName={i.goodsName} specText={i.specText} price={i.price} quantity={i.quantity} note={lineRefundNote(i.amount)} />
            ))}
            <View className='as-kv'>
              <Text>退款金额</Text>
              <Text className='price'>¥{yuan(caseAmount(d))}</Text>
            </View>
            <View className='as-kv'>
              <Text>退款原因</Text>
              <Text>{d.reason}</Text>
            </View>
            <View className='as-kv'>
              <Text>申请时间</Text>
              <Text>{formatTime(d.createdAt)}</Text>
            </View>
            <View className='as-kv'>
              <Text>售后单号</Text>
              <Text>{d.afterSaleNo}</Text>
            </View>
          </View>
          <View className='as-btns'>
            <Button fill='outline' onClick={() => redirectTo(ROUTES.orderDetails, { orderNo: d.orderNo })}>
              返回订单
            </Button>
            <Button type='primary' onClick={() => redirectTo(ROUTES.afterSalesDetails, { afterSaleNo: d.afterSaleNo })}>
              查看售后详情
            </Button>
          </View>
        </>
      )}
    </PageLayout>
  )
}
