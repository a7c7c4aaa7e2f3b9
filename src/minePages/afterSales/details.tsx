import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { AfterSaleDetail } from '@contract/afterSales'
import PageLayout from '@/components/PageLayout'
import EmptyState, { LoadEmptyState } from '@/components/EmptyState'
import { GoodsLine } from '@/components/Order'
import Timeline from '@/components/Timeline'
import { cancelAfterSale, getAfterSaleDetail, getAfterSaleList } from '@/api/afterSales'
import { requireLogin } from '@/core/auth'
import { navigateTo, usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { confirm, toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { copyText } from '@/utils/clipboard'
import { formatTime } from '@/utils/time'
import { useLoadStatus } from '@/hooks/useLoadStatus'
import { yuan } from '@/utils/money'
import { approvedLessText, lineRefundNote } from '@/utils/refund'
import { previewImages } from '@/platform/preview'
import './afterSales.scss'

/** A bad link's refusal is said by the empty state, not by a toast over it. */
const QUIET = { catch: true, toast: false } as const

const HINT: Record<string, string> = {
  applied: '商家将在48小时内处理您的申请',
  approved: '商家已同意',
  rejected: '商家拒绝了您的申请',
  returned: '商家收到退货后将为您退款',
  received: '商家已收到退货，即将为您退款',
  refunding: '退款处理中，将原路退回',
  refunded: '退款已原路退回，请注意查收',
  cancelled: '您已撤销本次售后申请',
}

/** 售后详情: status, the timeline, goods, amounts and evidence, the return parcel, and cancel / fill tracking. */
export default function AfterSalesDetailsPage() {
  const { afterSaleNo = '', orderNo = '' } = usePageParams<{ afterSaleNo: string; orderNo: string }>()
  const [d, setD] = useState<AfterSaleDetail | null>(null)
  const [none, setNone] = useState(false)
  const status = useLoadStatus(!!(afterSaleNo || orderNo))

  const load = () => {
    if (!afterSaleNo && !orderNo) return
    const find = async () => {
      let no = afterSaleNo
      if (!no && orderNo) {
        const list = await getAfterSaleList(1, 1, orderNo, QUIET)
        no = list.list[0]?.afterSaleNo || ''
      }
      return no ? getAfterSaleDetail(no, QUIET) : null
    }
    status.track(find(), (detail) => {
      setNone(!detail)
      setD(detail)
    })
  }
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const cancel = async () => {
    if (!d || !(await confirm('撤销后本次售后申请将关闭，确定撤销吗？', '撤销申请'))) return
    await cancelAfterSale(d.afterSaleNo)
    toast('已撤销申请', 'success')
    load()
  }

  const hint = d ? (d.status === 'approved' ? (d.type === 'return_refund' ? '商家已同意退货，请寄回商品并填写快递单号' : '商家已同意，即将为您退款') : HINT[d.status]) : ''
  return (
    <PageLayout
      variant='back'
      title='售后详情'
      className='as-page'
      footer={
        d && d.actions.length ? (
          <View className='as-bar as-bar--row'>
            {d.actions.includes('cancel') && (
              <Button fill='outline' onClick={cancel}>
                撤销申请
              </Button>
            )}
            {d.actions.includes('fillTracking') && (
              <Button type='primary' onClick={() => navigateTo(ROUTES.afterSalesReturnConfirm, { afterSaleNo: d.afterSaleNo })}>
                填写退货物流
              </Button>
            )}
          </View>
        ) : undefined
      }
    >
      <LoadEmptyState state={status.state} missing='链接中没有售后单号' failed={status.message || '没有找到这条售后记录'} onRetry={load} />
      {none && <EmptyState text='该订单暂无售后记录' />}
      {d && (
        <>
          <View className={`as-head as-head--${d.status}`}>
            <Text className='as-head__status'>{d.statusText}</Text>
            <Text className='as-head__hint'>{hint}</Text>
            {d.status === 'rejected' && <Text className='as-head__hint'>拒绝原因：{d.rejectReason}</Text>}
            {!!approvedLessText(d) && (
              <Text className='as-head__hint as-approved'>
                {approvedLessText(d)}
                {d.approveNote ? `，原因：${d.approveNote}` : ''}
              </Text>
            )}
            {d.status === 'refunded' && (
              <Text className='as-head__amount'>
                退款金额 ¥{yuan(d.refundAmount)}
                {d.pointsReturned ? `，退还积分 ${d.pointsReturned}` : ''}
                {d.couponReturned ? '，优惠券已退回' : ''}
              </Text>
            )}
          </View>
          <View className='card'>
            <Text className='as-section'>售后进度</Text>
            <Timeline entries={d.logs.map((l) => ({ title: l.text, note: l.note, at: l.createdAt }))} />
          </View>
          {d.returnAddress && (
            <View className='card'>
              <Text className='as-section'>退货地址</Text>
              <View className='as-kv'>
                <Text>
                  {d.returnAddress.name} {d.returnAddress.phone}
                </Text>
                <Text className='as-link' onClick={() => copyText(`${d.returnAddress!.name} ${d.returnAddress!.phone} ${d.returnAddress!.address}`)}>
                  复制
                </Text>
              </View>
              <Text className='as-text'>{d.returnAddress.address}</Text>
              {d.returnShipment && (
                <View className='as-kv'>
                  <Text>退货物流</Text>
                  <Text>
                    {d.returnShipment.expressName} {d.returnShipment.trackingNo}
                  </Text>
                </View>
              )}
            </View>
          )}
          <View className='card'>
            {d.items.map((i) => (
              <GoodsLine key={i.orderItemId} image={i.image} goodsName={i.goodsName} specText={i.specText} price={i.price} quantity={i.quantity} note={lineRefundNote(i.amount)} />
            ))}
            <View className='as-kv'>
              <Text>售后类型</Text>
              <Text>{d.typeText}</Text>
            </View>
            <View className='as-kv'>
              <Text>申请金额</Text>
              <Text className='price'>¥{yuan(d.amount)}</Text>
            </View>
            {!!approvedLessText(d) && (
              <View className='as-kv'>
                <Text>同意退款</Text>
                <Text className='price'>¥{yuan(d.approvedAmount ?? d.amount)}</Text>
              </View>
            )}
            <View className='as-kv'>
              <Text>售后原因</Text>
              <Text>{d.reason}</Text>
            </View>
            {d.description && <Text className='as-text'>{d.description}</Text>}
            {d.images.length > 0 && (
              <View className='as-imgs'>
                {d.images.map((u, k) => (
                  <Image key={u} className='as-imgs__img' src={assetUrl(u)} mode='aspectFill' onClick={() => previewImages(d.images.map(assetUrl), assetUrl(d.images[k]))} />
                ))}
              </View>
            )}
            <View className='as-kv'>
              <Text>售后单号</Text>
              <Text>{d.afterSaleNo}</Text>
            </View>
            <View className='as-kv'>
              <Text>申请时间</Text>
              <Text>{formatTime(d.createdAt)}</Text>
            </View>
            <View className='as-kv' onClick={() => navigateTo(ROUTES.orderDetails, { orderNo: d.orderNo })}>
              <Text>订单编号</Text>
              <Text className='as-link'>{d.orderNo}</Text>
            </View>
          </View>
        </>
      )}
    </PageLayout>
  )
}
