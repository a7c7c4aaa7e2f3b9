import { useEffect, useState } from 'react'
import { View, Text, Image } from '@tarojs/components'
import { Popup, Button } from '@nutui/nutui-react-taro'
import type { GoodsDetail, Sku } from '@contract/goods'
import { assetUrl } from '@/core/request'
import { yuan } from '@/utils/money'
import { boundQuantity, buyBlocker, choiceText, isValueAvailable, limitReachedText, purchaseRulesText, quantityBlocker, quantityBounds, skuDisplay, toggleValue, type Chosen } from '@/utils/sku'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import QuantityInput from '@/components/QuantityInput'
import './index.scss'

/**
 * select: both buttons; cart / buy: one 确定 button for that action; change: the cart's 修改规格
 * (no quantity row, one 确定 button that confirms as 'cart').
 */
export type PickerMode = 'select' | 'cart' | 'buy' | 'change'

export interface SpecPickerProps {
  goods: GoodsDetail
  visible: boolean
  mode: PickerMode
  chosen: Chosen
  quantity: number
  onChange: (chosen: Chosen, quantity: number) => void
  onClose: () => void
  onConfirm: (action: 'cart' | 'buy', sku: Sku, quantity: number) => void
}

/** Spec chips per group (values no SKU in stock can reach are disabled), price and stock of the choice, quantity bounded by stock, 起购数量 and 每人限购. */
export default function SpecPicker({ goods, visible, mode, chosen, quantity, onChange, onClose, onConfirm }: SpecPickerProps) {
  const info = skuDisplay(goods.specGroups, goods.skus, chosen, goods.mainImage)
  // The stepper runs from the 起购数量 to the stock and what 每人限购 leaves the member (docs/orders.md "Purchase limits").
  const bounds = quantityBounds(goods, info.sku ? info.sku.stock : Math.max(info.stock, 1))
  const maxQty = Math.max(bounds.max, bounds.min)
  const rules = purchaseRulesText(goods)
  // What stops the purchase ("请选择颜色"), written in the sheet above its buttons: a toast sat in the middle
  // of the screen, over the sheet's header (issue 18).
  const [hint, setHint] = useState('')
  useEffect(() => setHint(''), [visible])
  const dialogClass = useDialogFocus(visible, '选择规格', onClose)
  const confirm = (action: 'cart' | 'buy') => {
    // 修改规格 in the cart keeps the line's units of the goods: the purchase rules are the cart's and the checkout's then.
    const blocker = goods.onSale ? buyBlocker(goods.specGroups, goods.skus, chosen, quantity) || (mode === 'change' ? '' : quantityBlocker(goods, info.sku?.stock ?? 0, quantity)) : '该商品已下架'
    if (blocker) return setHint(blocker)
    onConfirm(action, info.sku as Sku, quantity)
  }
  const missing = goods.specGroups.find((g) => hint && !chosen[g.name])?.name
  const pick = (group: string, value: string, disabled: boolean) => {
    if (disabled) return
    setHint('')
    const next = toggleValue(chosen, group, value)
    const nextInfo = skuDisplay(goods.specGroups, goods.skus, next, goods.mainImage)
    onChange(next, nextInfo.sku ? boundQuantity(quantity, quantityBounds(goods, nextInfo.sku.stock)) : quantity)
  }

  return (
    <Popup visible={visible} position='bottom' round closeable onClose={onClose} className={`spec-picker ${dialogClass}`}>
      <View className='spec-picker__head'>
        <Image className='spec-picker__img' src={assetUrl(info.image)} mode='aspectFill' />
        <View className='spec-picker__info'>
          <Text className='spec-picker__price'>
            ¥{yuan(info.price)}
            {info.maxPrice > info.price ? ` - ${yuan(info.maxPrice)}` : ''}
          </Text>
          <Text className='spec-picker__stock'>{info.stock > 0 ? `库存 ${info.stock} 件` : '暂时缺货'}</Text>
          <Text className='spec-picker__chosen'>{choiceText(goods.specGroups, chosen) || '默认规格'}</Text>
          {rules ? <Text className='spec-picker__rules'>{rules}</Text> : null}
        </View>
      </View>
      <View className='spec-picker__body'>
        {goods.specGroups.map((g) => (
          <View key={g.name} className='spec-picker__group'>
            <Text className={`spec-picker__group-name ${missing === g.name ? 'spec-picker__group-name--missing' : ''}`}>{g.name}</Text>
            <View className='spec-picker__values'>
              {g.values.map((v) => {
                const active = chosen[g.name] === v
                const disabled = !isValueAvailable(goods.skus, chosen, g.name, v)
                return (
                  <Text
                    key={v}
                    className={`spec-picker__value ${active ? 'spec-picker__value--active' : ''} ${disabled ? 'spec-picker__value--disabled' : ''}`}
                    onClick={() => pick(g.name, v, disabled)}
                  >
                    {v}
                  </Text>
                )
              })}
            </View>
          </View>
        ))}
        {mode !== 'change' && (
          <View className='spec-picker__qty'>
            <Text className='spec-picker__group-name'>购买数量</Text>
            <QuantityInput
              label='购买数量'
              value={quantity}
              min={bounds.min}
              max={maxQty}
              disabled={!goods.onSale || info.stock <= 0 || !!bounds.blocker}
              onChange={(v) => {
                setHint('')
                onChange(chosen, boundQuantity(Number(v), { min: bounds.min, max: maxQty }))
              }}
              onOverlimit={() => setHint(quantity >= maxQty ? (bounds.left <= maxQty ? limitReachedText(goods) : `库存仅剩${maxQty}件`) : bounds.min > 1 ? `该商品${bounds.min}件起购` : '至少购买1件')}
            />
          </View>
        )}
      </View>
      {hint || (mode !== 'change' && bounds.blocker) ? <Text className='spec-picker__hint'>{hint || bounds.blocker}</Text> : null}
      <View className='spec-picker__actions'>
        {mode === 'select' ? (
          <>
            <Button className='spec-picker__btn spec-picker__btn--cart' onClick={() => confirm('cart')}>
              加入购物车
            </Button>
            <Button className='spec-picker__btn spec-picker__btn--buy' onClick={() => confirm('buy')}>
              立即购买
            </Button>
          </>
        ) : (
          <Button className='spec-picker__btn spec-picker__btn--buy spec-picker__btn--wide' onClick={() => confirm(mode === 'change' ? 'cart' : mode)}>
            确定
          </Button>
        )}
      </View>
    </Popup>
  )
}
