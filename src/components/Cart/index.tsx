import { useCallback, useRef, useState } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button, Checkbox } from '@nutui/nutui-react-taro'
import { Cart as CartIcon } from '@nutui/icons-react-taro'
import type { CartLine, CartList } from '@contract/cart'
import type { GoodsDetail } from '@contract/goods'
import { changeCartSku, deleteCartLines, getCartList, selectAllCart, selectCartLines, updateCartQuantity } from '@/api/cart'
import { getGoodsDetail } from '@/api/goods'
import SpecPicker from '@/components/SpecPicker'
import { initialChoice, type Chosen } from '@/utils/sku'
import { ROUTES } from '@/routes'
import { navigateTo, switchTab } from '@/core/nav'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { assetUrl } from '@/core/request'
import { confirm, toast } from '@/core/toast'
import { yuan } from '@/utils/money'
import SwipeRow from '@/components/SwipeRow'
import QuantityInput from '@/components/QuantityInput'
import GuessYouLike from '@/components/GuessYouLike/lazy'
import { belowMinimum, cartTotals, limitTags, lineMax, overMaxText, removeLines, setAllSelected, setQuantity, setSelected } from './logic'
import './index.scss'

export interface CartProps {
  /** tab: the cart tab (its bar sits above the tab bar); page: the stand-alone cart page. */
  variant: 'tab' | 'page'
}

const CART_TAB_INDEX = 3

/** The cart tab's badge: the number of lines. */
function updateBadge(count: number) {
  try {
    const p = count > 0 ? Taro.setTabBarBadge({ index: CART_TAB_INDEX, text: count > 99 ? '99+' : String(count) }) : Taro.removeTabBarBadge({ index: CART_TAB_INDEX })
    Promise.resolve(p).catch(() => undefined)
  } catch {
    // no tab bar in this shell
  }
}

/** The shopping cart, shared by the cart tab and goodsPages/shoppingCar. */
export default function Cart({ variant }: CartProps) {
  const [list, setList] = useState<CartList | null>(null)
  const [editing, setEditing] = useState(false)
  const [marked, setMarked] = useState<number[]>([])
  const [loggedIn, setLoggedIn] = useState(isLoggedIn())
  const askedLogin = useRef(false)
  // The line whose spec is being changed, with its goods (the same picker as the goods page's).
  const [specFor, setSpecFor] = useState<{ line: CartLine; goods: GoodsDetail; chosen: Chosen } | null>(null)

  const load = useCallback(async () => {
    const data = await getCartList({ catch: true }).catch(() => null)
    if (!data) return
    setList(data)
    if (variant === 'tab') updateBadge(data.valid.length + data.invalid.length)
  }, [variant])

  useDidShow(() => {
    const ok = isLoggedIn()
    setLoggedIn(ok)
    if (!ok) {
      // A visitor is sent to login once per visit; coming back without logging in shows the prompt.
      if (!askedLogin.current) {
        askedLogin.current = true
        requireLogin()
      }
      return
    }
    load()
  })

  if (!loggedIn) {
    return (
      <View className='cart-empty'>
        <Text className='cart-empty__text'>登录后可同步购物车中的商品</Text>
        <Button type='primary' size='small' onClick={() => requireLogin()}>
          去登录
        </Button>
      </View>
    )
  }
  if (!list) return <View className='cart-empty cart-empty--loading'>加载中...</View>

  const totals = cartTotals(list.valid)
  const apply = (valid: CartLine[]) => {
    const t = cartTotals(valid)
    setList({ ...list, valid, selectedAmount: t.amount, selectedQuantity: t.quantity, allSelected: t.allSelected })
  }

  const toggle = (line: CartLine, selected: boolean) => {
    if (editing) return setMarked((m) => (selected ? [...m, line.id] : m.filter((x) => x !== line.id)))
    apply(setSelected(list.valid, [line.id], selected))
    selectCartLines([line.id], selected, { catch: true }).catch(load)
  }
  const toggleAll = (selected: boolean) => {
    if (editing) return setMarked(selected ? [...list.valid, ...list.invalid].map((l) => l.id) : [])
    apply(setAllSelected(list.valid, selected))
    selectAllCart(selected, { catch: true }).catch(load)
  }
  const changeQuantity = (line: CartLine, value: number | string) => {
    const q = Number(value)
    if (!Number.isInteger(q) || q === line.quantity) return
    if (q > lineMax(line, list.valid)) return toast(overMaxText(line, list.valid))
    if (q < 1) return
    apply(setQuantity(list.valid, line.id, q))
    updateCartQuantity(line.id, q, { catch: true }).catch(load)
  }
  const remove = async (ids: number[]) => {
    if (!ids.length) return toast('请选择要删除的商品')
    if (!(await confirm(ids.length > 1 ? `确定删除这${ids.length}件商品吗？` : '确定删除该商品吗？'))) return
    await deleteCartLines(ids)
    const next = removeLines(list, ids)
    setList(next)
    setMarked((m) => m.filter((x) => !ids.includes(x)))
    if (variant === 'tab') updateBadge(next.valid.length + next.invalid.length)
    toast('已删除', 'success')
  }
  const checkout = () => {
    if (!totals.count) return toast('请选择要结算的商品')
    const short = belowMinimum(list.valid)
    if (short) return toast(short)
    navigateTo(ROUTES.placeOrder, { from: 'cart' })
  }
  const openSpec = async (line: CartLine) => {
    const goods = await getGoodsDetail(line.goodsId).catch(() => null)
    if (!goods) return toast('商品信息加载失败，请稍后再试')
    if (goods.skus.length < 2) return toast('该商品只有一种规格')
    const current = goods.skus.find((s) => s.id === line.skuId)
    setSpecFor({ line, goods, chosen: current ? { ...current.specs } : initialChoice(goods.specGroups) })
  }
  const changeSpec = async (skuId: number) => {
    if (!specFor) return
    const { line } = specFor
    setSpecFor(null)
    if (skuId === line.skuId) return
    const res = await changeCartSku(line.id, skuId, { catch: true }).catch(() => null)
    await load()
    if (res) toast(res.merged ? `已合并到该规格，共${res.quantity}件` : res.quantity < line.quantity ? `规格已修改，库存仅剩${res.quantity}件` : '规格已修改', 'success')
  }
  const openGoods = (line: CartLine) => navigateTo(ROUTES.goodsDetails, { id: line.goodsId })

  const all = [...list.valid, ...list.invalid]
  if (!all.length) {
    return (
      <View className='cart-empty__page'>
        <View className='cart-empty'>
          <CartIcon size={64} className='cart-empty__icon' />
          <Text className='cart-empty__text'>购物车空空如也，去挑点喜欢的吧</Text>
          <Button type='primary' size='small' onClick={() => switchTab(ROUTES.home)}>
            去逛逛
          </Button>
        </View>
        <GuessYouLike />
      </View>
    )
  }

  const allChecked = editing ? marked.length === all.length : totals.allSelected
  const row = (line: CartLine, invalid = false) => (
    <SwipeRow
      key={line.id}
      className='cart-line__swipe'
      action={
        <Button type='danger' shape='square' className='cart-line__swipe-del' onClick={() => remove([line.id])}>
          删除
        </Button>
      }
    >
      <View className={`cart-line ${invalid ? 'cart-line--invalid' : ''}`}>
        <View className='cart-line__check' onClick={(e) => e.stopPropagation()}>
          {invalid && !editing ? (
            <Text className='cart-line__badge'>失效</Text>
          ) : (
            <Checkbox checked={editing ? marked.includes(line.id) : line.selected} onChange={(v) => toggle(line, v)} aria-label={`选择${line.goodsName}`} />
          )}
        </View>
        <Image className='cart-line__img' src={assetUrl(line.image)} mode='aspectFill' aria-label={line.goodsName} onClick={() => openGoods(line)} />
        <View className='cart-line__body'>
          <Text className='cart-line__name' onClick={() => openGoods(line)}>
            {line.goodsName}
          </Text>
          {invalid || editing ? (
            !!line.specText && <Text className='cart-line__spec'>{line.specText}</Text>
          ) : (
            <Text className='cart-line__spec cart-line__spec--pick' aria-label={`修改规格，当前${line.specText || '默认规格'}`} onClick={() => openSpec(line)}>
              {line.specText || '默认规格'}
              <Text className='cart-line__spec-arrow' aria-hidden>
                ▾
              </Text>
            </Text>
          )}
          {invalid ? (
            <Text className='cart-line__invalid-text'>{line.invalidText}，请重新选择</Text>
          ) : (
            <View className='cart-line__bottom'>
              <Text className='cart-line__price'>
                <Text className='cart-line__yen'>¥</Text>
                {yuan(line.price)}
              </Text>
              <View onClick={(e) => e.stopPropagation()}>
                <QuantityInput
                  label='购买数量'
                  className='cart-line__stepper'
                  value={line.quantity}
                  min={1}
                  max={lineMax(line, list.valid)}
                  onChange={(v) => changeQuantity(line, v as number)}
                  onOverlimit={() => toast(line.quantity >= lineMax(line, list.valid) ? overMaxText(line, list.valid) : '至少购买1件')}
                />
              </View>
            </View>
          )}
          {!invalid && (line.stock <= 5 || limitTags(line).length > 0) && (
            <Text className='cart-line__low'>{[...limitTags(line), ...(line.stock <= 5 ? [`仅剩${line.stock}件`] : [])].join(' · ')}</Text>
          )}
        </View>
      </View>
    </SwipeRow>
  )

  return (
    <View className={`cart cart--${variant}`}>
      <View className='cart__head'>
        <View className='cart__title'>
          {variant === 'tab' && <Text className='cart__title-text'>购物车</Text>}
          <Text className='cart__count'>共 {all.length} 件商品</Text>
        </View>
        <Text
          className='cart__edit'
          onClick={() => {
            setEditing(!editing)
            setMarked([])
          }}
        >
          {editing ? '完成' : '管理'}
        </Text>
      </View>
      {list.valid.length > 0 && <View className='cart__group'>{list.valid.map((l) => row(l))}</View>}
      {list.invalid.length > 0 && (
        <View className='cart__group cart__group--invalid'>
          <View className='cart__invalid-head'>
            <Text>失效商品 {list.invalid.length} 件</Text>
            <Text className='cart__invalid-clear' onClick={() => remove(list.invalid.map((l) => l.id))}>
              清空失效商品
            </Text>
          </View>
          {list.invalid.map((l) => row(l, true))}
        </View>
      )}
      <GuessYouLike />
      <View className='cart__spacer' />
      {specFor && (
        <SpecPicker
          goods={specFor.goods}
          visible
          mode='change'
          chosen={specFor.chosen}
          quantity={1}
          onChange={(chosen) => setSpecFor({ ...specFor, chosen })}
          onClose={() => setSpecFor(null)}
          onConfirm={(_action, sku) => changeSpec(sku.id)}
        />
      )}
      <View className={`cart__bar cart__bar--${variant}`}>
        <Checkbox className='cart__all' checked={allChecked} onChange={toggleAll} label='全选' />
        {editing ? (
          <View className='cart__bar-right'>
            <Button type='danger' fill='outline' size='small' onClick={() => remove(marked)}>
              删除{marked.length ? `(${marked.length})` : ''}
            </Button>
          </View>
        ) : (
          <View className='cart__bar-right'>
            <View className='cart__total'>
              <Text className='cart__total-label'>合计：</Text>
              <Text className='cart__total-price'>¥{yuan(totals.amount)}</Text>
              <Text className='cart__total-hint'>不含运费</Text>
            </View>
            <Button type='primary' size='small' className='cart__checkout' disabled={!totals.count} onClick={checkout}>
              结算{totals.quantity ? `(${totals.quantity})` : ''}
            </Button>
          </View>
        )}
      </View>
    </View>
  )
}
