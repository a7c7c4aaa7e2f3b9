import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input, Picker } from '@nutui/nutui-react-taro'
import { ArrowRight, Location } from '@nutui/icons-react-taro'
import type { AfterSaleDetail } from '@contract/afterSales'
import type { ExpressCompany } from '@contract/logistics'
import PageLayout from '@/components/PageLayout'
import { GoodsLine } from '@/components/Order'
import { fillReturnShipment, getAfterSaleDetail } from '@/api/afterSales'
import { getAllExpress } from '@/api/logistics'
import { requireLogin } from '@/core/auth'
import { redirectTo, usePageParams } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { copyText } from '@/utils/clipboard'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import { approvedLessText, caseAmount, lineRefundNote } from '@/utils/refund'
import './afterSales.scss'

const TRACKING_RE = /^[A-Za-z0-9-]{6,40}$/

/**
 * 退货退款: after the shop approves, the return address to send the goods to, then the express company and
 * tracking number of the parcel; before approval, where the application stands.
 */
export default function AfterSalesReturnGoodsConfirmPage() {
  const { afterSaleNo = '' } = usePageParams<{ afterSaleNo: string }>()
  const [d, setD] = useState<AfterSaleDetail | null>(null)
  const [express, setExpress] = useState<ExpressCompany[]>([])
  const [company, setCompany] = useState<ExpressCompany | null>(null)
  const [pickerOpen, setPickerOpen] = useState(false)
  const [trackingNo, setTrackingNo] = useState('')
  const [submitting, setSubmitting] = useState(false)

  useDidShow(() => {
    if (!requireLogin() || !afterSaleNo) return
    getAfterSaleDetail(afterSaleNo).then(setD)
    if (!express.length) getAllExpress().then(setExpress)
  })

  const submit = async () => {
    if (!d || submitting) return
    if (!company) return toast('请选择快递公司')
    if (!TRACKING_RE.test(trackingNo.trim())) return toast('请填写正确的快递单号')
    setSubmitting(true)
    try {
      await fillReturnShipment({ afterSaleNo: d.afterSaleNo, expressCode: company.code, trackingNo: trackingNo.trim() }, { catch: true })
      toast('已提交退货物流', 'success')
      redirectTo(ROUTES.afterSalesDetails, { afterSaleNo: d.afterSaleNo })
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false)
    }
  }

  const canFill = d?.actions.includes('fillTracking')
  const addr = d?.returnAddress
  return (
    <PageLayout
      variant='back'
      title='退货退款'
      className='as-page'
      footer={
        canFill ? (
          <View className='as-bar'>
            <Button type='primary' block loading={submitting} onClick={submit}>
              提交退货物流
            </Button>
          </View>
        ) : undefined
      }
    >
      {d && (
        <>
          <View className={`as-head as-head--${d.status}`}>
            <Text className='as-head__status'>{d.status === 'approved' ? '商家已同意，请寄回商品' : d.statusText}</Text>
            <Text className='as-head__hint'>
              {d.status === 'applied'
                ? '退货申请已提交，商家同意后将在此显示退货地址'
                : d.status === 'approved'
                  ? '请按下方地址寄回商品，并填写快递单号，请勿使用到付'
                  : d.status === 'returned'
                    ? '商家收到退货后将为您退款'
                    : d.status === 'rejected'
                      ? `拒绝原因：${d.rejectReason}`
                      : `退款金额 ¥${yuan(caseAmount(d))}`}
            </Text>
            {!!approvedLessText(d) && (
              <Text className='as-head__hint as-approved'>
                {approvedLessText(d)}
                {d.approveNote ? `，原因：${d.approveNote}` : ''}
              </Text>
            )}
          </View>
          {addr && (
            <View className='card as-addr'>
              <Location size={20} color='#af57ff' />
              <View className='as-addr__body'>
                <Text className='as-addr__who'>
                  {addr.name} {addr.phone}
                </Text>
                <Text className='as-addr__text'>{addr.address}</Text>
              </View>
              <Button size='small' fill='outline' onClick={() => copyText(`${addr.name} ${addr.phone} ${addr.address}`)}>
                复制
              </Button>
            </View>
          )}
          {canFill && (
            <View className='card as-form'>
              <Text className='as-section'>填写退货物流</Text>
              <View className='as-row' onClick={() => setPickerOpen(true)}>
                <Text className='as-row__label'>快递公司</Text>
                <Text className={`as-row__value ${company ? '' : 'as-row__value--empty'}`}>{company?.name || '请选择快递公司'}</Text>
                <ArrowRight size={12} color='#999' />
              </View>
              <View className='as-row'>
                <Text className='as-row__label'>快递单号</Text>
                <Input className='as-row__input' value={trackingNo} placeholder='请填写快递单号' onChange={setTrackingNo} />
              </View>
            </View>
          )}
          {d.returnShipment && (
            <View className='card'>
              <Text className='as-section'>退货物流</Text>
              <View className='as-kv'>
                <Text>{d.returnShipment.expressName}</Text>
                <Text>{d.returnShipment.trackingNo}</Text>
              </View>
              <View className='as-kv'>
                <Text>寄出时间</Text>
                <Text>{formatTime(d.returnShipment.shippedAt)}</Text>
              </View>
            </View>
          )}
          <View className='card'>
            {d.items.map((i) => (
              <GoodsLine key={i.orderItemId} image={i.image} goodsName={i.goodsName} specText={i.specText} price={i.price} quantity={i.quantity} note={lineRefundNote(i.amount)} />
            ))}
            <View className='as-kv'>
              <Text>退款金额</Text>
              <Text className='price'>¥{yuan(caseAmount(d))}</Text>
            </View>
            <View className='as-kv'>
              <Text>退货原因</Text>
              <Text>{d.reason}</Text>
            </View>
          </View>
          <View className='as-btns'>
            <Button fill='outline' onClick={() => redirectTo(ROUTES.afterSalesDetails, { afterSaleNo: d.afterSaleNo })}>
              查看售后详情
            </Button>
          </View>
          <Picker
            visible={pickerOpen}
            title='快递公司'
            options={[express.map((e) => ({ label: e.name, value: e.code }))]}
            onConfirm={(_, values) => setCompany(express.find((e) => e.code === values[0]) || express[0] || null)}
            onClose={() => setPickerOpen(false)}
          />
        </>
      )}
    </PageLayout>
  )
}
