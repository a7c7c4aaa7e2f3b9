import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { Button, TextArea } from '@nutui/nutui-react-taro'
import type { OrderPreview } from '@contract/order'
import PageLayout from '@/components/PageLayout'
import { BalanceSwitch } from '@/components/CouponPicker'
import PickAddress from '@/components/PickAddress'
import { GoodsLine } from '@/components/Order'
import QuantityInput from '@/components/QuantityInput'
import { back } from '@/core/nav'
import { yuan } from '@/utils/money'
import './seckill.scss'

interface Props {
  title: string
  /** Why the preview could not load (shown with 返回 while there is no preview). */
  failed: string
  preview: OrderPreview | null
  /** The promotion's tag and line above the goods (限时秒杀 · 每人限购…, N人团 · 团长优惠…). */
  badge: { tag: string; text: string }
  quantity: number
  maxQuantity: number
  onQuantity: (v: number | string) => void
  /** Between freight and 小计: the coupon picker where the promotion allows coupons. */
  coupons?: ReactNode
  onBalance: (use: boolean) => void
  remark: string
  onRemark: (v: string) => void
  /** The line under the form: how long to pay and what happens then. */
  note: ReactNode
  submitLabel: string
  busy: boolean
  onSubmit: () => void
  /** The 支付密码 sheet (usePayPassword). */
  children?: ReactNode
}

/**
 * The confirm page both promotions share (秒杀 and 拼团 orders): address, the item at the promotion's price with its
 * quantity, amounts with the balance, remark, and the bar with what is left to pay. The pages keep their own preview,
 * submit and where they go after paying.
 */
export default function PromoCheckout(p: Props) {
  const { preview } = p
  const balanceUsed = preview?.extras.balance?.used ?? 0
  const footer = preview && (
    <View className='seckill-order__bar'>
      <View className='seckill-order__sum'>
        <Text>{balanceUsed ? '还需支付：' : '实付款：'}</Text>
        <Text className='seckill-order__sum-price'>¥{yuan(preview.payAmount - balanceUsed)}</Text>
      </View>
      <Button type='primary' className='seckill-order__submit' loading={p.busy} disabled={p.busy} onClick={p.onSubmit}>
        {p.submitLabel}
      </Button>
    </View>
  )
  return (
    <PageLayout variant='back' title={p.title} footer={footer}>
      {p.failed && !preview && (
        <View className='empty-hint'>
          <Text>{p.failed}</Text>
          <View className='seckill-order__retry'>
            <Button size='small' onClick={() => back()}>
              返回
            </Button>
          </View>
        </View>
      )}
      {preview && (
        <View className='seckill-order'>
          <PickAddress address={preview.address} />
          <View className='card'>
            <View className='seckill-order__badge'>
              <Text className='seckill-order__badge-tag'>{p.badge.tag}</Text>
              <Text className='seckill-order__badge-text'>{p.badge.text}</Text>
            </View>
            {preview.lines.map((l) => (
              <GoodsLine key={l.skuId} image={l.image} goodsName={l.goodsName} specText={l.specText} price={l.price} quantity={l.quantity} />
            ))}
            <View className='seckill-order__row'>
              <Text>购买数量</Text>
              <QuantityInput label='购买数量' value={p.quantity} min={1} max={p.maxQuantity} onChange={p.onQuantity} />
            </View>
          </View>
          <View className='card seckill-order__amounts'>
            <View className='seckill-order__row'>
              <Text>商品金额</Text>
              <Text>¥{yuan(preview.goodsAmount)}</Text>
            </View>
            <View className='seckill-order__row'>
              <Text>运费</Text>
              <Text>{preview.freightAmount ? `+¥${yuan(preview.freightAmount)}` : '包邮'}</Text>
            </View>
            {p.coupons}
            <View className='seckill-order__row seckill-order__row--total'>
              <Text>小计</Text>
              <Text className='price'>¥{yuan(preview.payAmount)}</Text>
            </View>
            <BalanceSwitch extras={preview.extras.balance} onChange={p.onBalance} />
            {!!balanceUsed && (
              <View className='seckill-order__row'>
                <Text>余额支付</Text>
                <Text className='price'>-¥{yuan(balanceUsed)}</Text>
              </View>
            )}
          </View>
          <View className='card'>
            <Text className='seckill-order__label'>订单备注</Text>
            <TextArea value={p.remark} onChange={p.onRemark} maxLength={200} rows={2} showCount placeholder='选填，请先和商家协商一致' />
          </View>
          <Text className='seckill-order__note'>{p.note}</Text>
        </View>
      )}
      {p.children}
    </PageLayout>
  )
}
