import { useEffect, useMemo, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Checkbox, Input, TextArea } from '@nutui/nutui-react-taro'
import { ArrowRight } from '@nutui/icons-react-taro'
import type { AfterSaleApplyInfo, AfterSaleApplyItem, AfterSaleType, RefundQuote } from '@contract/afterSales'
import { AFTER_SALE_DESC_MAX, AFTER_SALE_MAX_IMAGES } from '@contract/afterSales'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import PhotoUploader from '@/components/PhotoUploader'
import QuantityInput from '@/components/QuantityInput'
import { GoodsLine } from '@/components/Order'
import { applyAfterSale, getApplyInfo, getRefundQuote } from '@/api/afterSales'
import { requireLogin } from '@/core/auth'
import { useLatest } from '@/hooks/useLatest'
import { useLoadStatus } from '@/hooks/useLoadStatus'
import { navigateTo, redirectTo, usePageParams } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import { refundAmountError, refundLimitText, yuanToFen } from '@/utils/refund'
import { subscribeAt } from '@/platform/subscribe'
import ReasonPicker from './ReasonPicker'
import './afterSales.scss'

const TYPE_CARDS: Array<{ type: AfterSaleType; title: string; desc: string }> = [
  { type: 'refund', title: '仅退款', desc: '未收到货，或与商家协商一致不用退货' },
  { type: 'return_refund', title: '退货退款', desc: '已收到货，需要退还收到的商品' },
]

/** 申请售后: choose goods and units, refund only or return and refund, reason, description, photos, and an amount up to what was paid. */
export default function AfterSalesApplyPage() {
  const { orderNo = '', orderItemId } = usePageParams<{ orderNo: string; orderItemId: string }>()
  const [info, setInfo] = useState<AfterSaleApplyInfo | null>(null)
  const [picked, setPicked] = useState<Record<number, number>>({})
  const [type, setType] = useState<AfterSaleType | null>(null)
  const [reason, setReason] = useState('')
  const [reasonOpen, setReasonOpen] = useState(false)
  const [description, setDescription] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [quote, setQuote] = useState<RefundQuote | null>(null)
  const [amount, setAmount] = useState('')
  const edited = useRef(false)
  const [submitting, setSubmitting] = useState(false)

  const status = useLoadStatus(!!orderNo)
  const load = () =>
    status.track(getApplyInfo(orderNo, { catch: true, toast: false }), (i) => {
      setInfo(i)
      const open = i.items.filter((x) => x.refundableQuantity > 0)
      // Preselect the line the member came from, or the only line.
      const pre = open.filter((x) => (orderItemId ? x.orderItemId === Number(orderItemId) : open.length === 1))
      setPicked(Object.fromEntries(pre.map((x) => [x.orderItemId, x.refundableQuantity])))
      setType((t) => (t && i.types.includes(t) ? t : i.types.length === 1 ? i.types[0] : null))
    })
  useDidShow(() => {
    if (!requireLogin() || !orderNo) return
    load()
  })

  // Quoted again when the selection's content changes (not on each render's new array); the amount typed is
  // read as it is then.
  const key = JSON.stringify(Object.entries(picked).map(([id, q]) => ({ orderItemId: Number(id), quantity: q })))
  const selection = useMemo<AfterSaleApplyItem[]>(() => JSON.parse(key), [key])
  const typed = useLatest(amount)
  useEffect(() => {
    if (!selection.length) return setQuote(null)
    const typedThen = typed.current
    let live = true
    getRefundQuote(orderNo, selection, { catch: true, toast: false })
      .then((q) => {
        if (!live) return
        setQuote(q)
        const fen = yuanToFen(typedThen)
        if (!edited.current || fen === null || fen > q.maxAmount) setAmount(yuan(q.maxAmount))
      })
      .catch(() => live && setQuote(null))
    return () => {
      live = false
    }
  }, [orderNo, selection, typed])

  const toggle = (id: number, q: number, on: boolean) =>
    setPicked((p) => {
      const next = { ...p }
      if (on) next[id] = q
      else delete next[id]
      return next
    })

  const submit = async () => {
    if (!info || submitting) return
    if (!selection.length) return toast('请选择要售后的商品')
    if (!type) return toast('请选择售后类型')
    if (!reason) return toast('请选择售后原因')
    const err = refundAmountError(amount, quote?.maxAmount ?? 0)
    if (err) return toast(err)
    // Mini-program: ask for the result and refund messages inside the tap (never blocks the application).
    void subscribeAt('afterSale')
    setSubmitting(true)
    try {
      const r = await applyAfterSale({ orderNo, type, items: selection, reason, description: description.trim(), images, amount: yuanToFen(amount)! }, { catch: true })
      toast('申请已提交', 'success')
      redirectTo(type === 'refund' ? ROUTES.afterSalesApplyConfirm : ROUTES.afterSalesReturnConfirm, { afterSaleNo: r.afterSaleNo })
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false)
    }
  }

  const blocked = info && (info.openAfterSaleNo || !info.types.length)
  return (
    <PageLayout
      variant='back'
      title='申请售后'
      className='as-page'
      footer={
        info && !blocked ? (
          <View className='as-bar'>
            <Button type='primary' block loading={submitting} onClick={submit}>
              提交申请
            </Button>
          </View>
        ) : undefined
      }
    >
      <LoadEmptyState state={status.state} missing='链接中没有订单号' failed={status.message || '没有找到这笔订单'} onRetry={load} />
      {info?.openAfterSaleNo && (
        <View className='card as-notice'>
          <Text className='as-notice__text'>该订单有进行中的售后，处理完成后才能再次申请</Text>
          <Button size='small' type='primary' onClick={() => redirectTo(ROUTES.afterSalesDetails, { afterSaleNo: info.openAfterSaleNo })}>
            查看进度
          </Button>
        </View>
      )}
      {info && !info.openAfterSaleNo && !info.types.length && (
        <View className='card as-notice'>
          <Text className='as-notice__text'>{info.items.every((i) => i.refundableQuantity <= 0) ? '该订单的商品已全部退款' : '该订单当前不能申请售后'}</Text>
          <Button size='small' fill='outline' onClick={() => navigateTo(ROUTES.afterSalesDetails, { orderNo })}>
            售后记录
          </Button>
        </View>
      )}
      {info && !blocked && (
        <>
          <View className='card'>
            <Text className='as-section'>选择商品</Text>
            {info.items.map((i) => {
              const on = picked[i.orderItemId] !== undefined
              const disabled = i.refundableQuantity <= 0
              return (
                <View key={i.orderItemId} className={`as-item ${disabled ? 'as-item--off' : ''}`}>
                  <Checkbox checked={on} disabled={disabled} onChange={(v) => toggle(i.orderItemId, i.refundableQuantity, v)} />
                  <View className='as-item__goods'>
                    <GoodsLine
                      image={i.image}
                      goodsName={i.goodsName}
                      specText={i.specText}
                      price={i.price}
                      quantity={i.quantity}
                      note={i.refundedQuantity ? `已退款 ${i.refundedQuantity} 件` : `实付 ¥${yuan(i.payAmount)}`}
                    />
                    {on && i.refundableQuantity > 1 && (
                      <View className='as-item__qty'>
                        <Text>退款数量</Text>
                        <QuantityInput label='售后数量' value={picked[i.orderItemId]} min={1} max={i.refundableQuantity} onChange={(v) => toggle(i.orderItemId, Number(v), true)} />
                      </View>
                    )}
                  </View>
                </View>
              )
            })}
          </View>
          <View className='card'>
            <Text className='as-section'>售后类型</Text>
            <View className='as-types'>
              {TYPE_CARDS.map((c) => {
                const allowed = info.types.includes(c.type)
                return (
                  <View
                    key={c.type}
                    className={`as-type ${type === c.type ? 'as-type--on' : ''} ${allowed ? '' : 'as-type--off'}`}
                    onClick={() => {
                      if (!allowed) return toast(c.type === 'return_refund' ? '商品未发货，请选择仅退款' : '该订单不支持此售后类型')
                      if (type !== c.type) setReason('')
                      setType(c.type)
                    }}
                  >
                    <Text className='as-type__title'>{c.title}</Text>
                    <Text className='as-type__desc'>{c.desc}</Text>
                  </View>
                )
              })}
            </View>
          </View>
          <View className='card as-form'>
            <View className='as-row' onClick={() => (type ? setReasonOpen(true) : toast('请先选择售后类型'))}>
              <Text className='as-row__label'>售后原因</Text>
              <Text className={`as-row__value ${reason ? '' : 'as-row__value--empty'}`}>{reason || '请选择'}</Text>
              <ArrowRight size={12} color='#999' />
            </View>
            <View className='as-row as-row--amount'>
              <Text className='as-row__label'>退款金额</Text>
              <Text className='as-row__yen'>¥</Text>
              <Input
                className='as-row__input'
                type='digit'
                value={amount}
                placeholder='0.00'
                onChange={(v) => {
                  edited.current = true
                  setAmount(v)
                }}
              />
            </View>
            <Text className='as-limit'>{quote ? refundLimitText(quote.maxAmount, quote.freightAmount) : '请先选择商品'}</Text>
            <Text className='as-section as-section--sub'>问题描述</Text>
            <TextArea className='as-textarea' value={description} maxLength={AFTER_SALE_DESC_MAX} showCount placeholder='请描述具体问题，便于商家更快处理（选填）' onChange={setDescription} />
            <Text className='as-section as-section--sub'>上传凭证</Text>
            <PhotoUploader value={images} max={AFTER_SALE_MAX_IMAGES} label='上传凭证' onChange={setImages} />
          </View>
          {type && <ReasonPicker key={type} type={type} visible={reasonOpen} value={reason} onPick={setReason} onClose={() => setReasonOpen(false)} />}
        </>
      )}
    </PageLayout>
  )
}
