import { useCallback, useEffect, useRef, useState } from 'react'
import { View, Text, Image, RichText, Swiper, SwiperItem } from '@tarojs/components'
import { Rate } from '@nutui/nutui-react-taro'
import { ArrowLeft, ArrowRight, Cart, Service, Share, Star, StarFill } from '@nutui/icons-react-taro'
import type { GoodsDetail, Sku } from '@contract/goods'
import type { CentreCoupon } from '@contract/coupon'
import type { GoodsFreight } from '@contract/order'
import PageLayout from '@/components/PageLayout'
import { getGoodsDetail, collectGoods, uncollectGoods } from '@/api/goods'
import { addToCart } from '@/api/cart'
import { getGoodsCoupons } from '@/api/coupon'
import { getGoodsFreight } from '@/api/order'
import { ROUTES } from '@/routes'
import { back, navigateTo, switchTab } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { useLatest } from '@/hooks/useLatest'
import { useSceneParams } from '@/hooks/useSceneParams'
import { RequestError, assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { buildShare, useShare } from '@/platform/share'
import { fromNow } from '@/utils/time'
import { yuan } from '@/utils/money'
import { salesText } from '@/utils/counts'
import { richHtml } from '@/utils/richHtml'
import { choiceText, initialChoice, purchaseRulesText, type Chosen } from '@/utils/sku'
import { ErrorCode } from '@contract/envelope'
import ServiceEntry from '@/components/ServiceEntry'
import EmptyState from '@/components/EmptyState'
import { currentShell } from '@/platform/env'
import { previewImages } from '@/platform/preview'
import SpecPicker, { type PickerMode } from '@/components/SpecPicker'
import ShareSheet from './ShareSheet'
import CouponSheet from './CouponSheet'
import GroupBuyPanel, { GroupBuyButtons, groupGoods, useGoodsGroupBuy } from './GroupBuyPanel'
import './details.scss'

/** The server's best-first order, with the coupons no one can claim any more (已抢光, none held) after the others: the row's tags offer what can be had. */
export const claimableFirst = (list: CentreCoupon[]): CentreCoupon[] => [...list.filter((c) => !(c.soldOut && !c.received)), ...list.filter((c) => c.soldOut && !c.received)]

/** Goods detail: pictures, price, specs and SKUs, reviews, rich-text detail; add to cart or buy now. */
export default function DetailsDetailsPage() {
  // Opened from the goods poster's mini-program code, the id (and the shop's) are in the code's scene.
  const {
    params: { id, joinGroup },
    decoding,
  } = useSceneParams<{ id: string; joinGroup: string }>((p) => !p.id)
  const [goods, setGoods] = useState<GoodsDetail | null>(null)
  const [error, setError] = useState('')
  const [current, setCurrent] = useState(0)
  const [chosen, setChosen] = useState<Chosen>({})
  const [quantity, setQuantity] = useState(1)
  const [picker, setPicker] = useState<PickerMode | null>(null)
  const [collected, setCollected] = useState(false)
  const [sharing, setSharing] = useState(false)
  const [coupons, setCoupons] = useState<CentreCoupon[]>([])
  const [couponsOpen, setCouponsOpen] = useState(false)
  const [freight, setFreight] = useState<GoodsFreight | null>(null)
  // 拼团: the picker opened for a group order (a new group, or the one to join) instead of the normal flow.
  const [groupFor, setGroupFor] = useState<{ groupId?: number } | null>(null)

  const load = () => {
    if (decoding) return
    if (!id) return setError('商品不存在')
    setError('')
    getGoodsDetail(id).then(
      (g) => show(g),
      (e: RequestError) => {
        // Off the shelf: the goods still comes as data, shown greyed with buying disabled.
        if (e instanceof RequestError && e.code === ErrorCode.GOODS_OFF_SHELF && e.data && (e.data as GoodsDetail).id) show(e.data as GoodsDetail)
        else setError(e?.message || '加载失败')
      },
    )
  }
  const show = (g: GoodsDetail) => {
    setGoods(g)
    setCollected(g.collected)
    setChosen(initialChoice(g.specGroups))
    // The stepper starts at the 起购数量.
    setQuantity(Math.max(1, g.minQuantity || 0))
  }
  useEffect(load, [id, decoding])

  // The 运费 and 领券 rows: asked once the goods itself is found (a bad link makes one request), quietly (a row
  // the server cannot answer is left out rather than toasted).
  const goodsId = goods?.id
  const loadCoupons = useCallback(() => {
    if (goodsId)
      getGoodsCoupons(goodsId, { catch: true, toast: false }).then(
        (r) => setCoupons(claimableFirst(Array.isArray(r?.list) ? r.list : [])),
        () => setCoupons([]),
      )
  }, [goodsId])
  useEffect(() => {
    if (!goodsId) return
    loadCoupons()
    getGoodsFreight(goodsId, { catch: true, toast: false }).then(setFreight, () => setFreight(null))
  }, [goodsId, loadCoupons])
  const groupBuy = useGoodsGroupBuy(goodsId)
  const activity = groupBuy.data?.activity

  const shareContent = () => buildShare(ROUTES.goodsDetails, { title: goods?.name, imageUrl: goods ? assetUrl(goods.mainImage) : undefined, query: { id: String(id || '') } })
  useShare(shareContent, [goods?.id])
  // WeChat shares through its own menu; any other browser gets the share sheet (poster, copy link).
  const share = () => {
    const shell = currentShell()
    if (shell === 'h5') return setSharing(true)
    toast(shell === 'weapp' ? '点击右上角 ··· 分享给好友' : '请点击右上角 ··· 分享给好友')
  }

  const toggleCollect = async () => {
    if (!goods || !requireLogin()) return
    if (collected) {
      await uncollectGoods([goods.id])
      setCollected(false)
      toast('已取消收藏')
    } else {
      await collectGoods(goods.id)
      setCollected(true)
      toast('收藏成功', 'success')
    }
  }

  const openPicker = (mode: PickerMode) => {
    if (!goods) return
    if (!goods.onSale) return toast('该商品已下架')
    if (goods.stock <= 0) return toast('商品已售罄')
    if (mode !== 'select' && !requireLogin()) return
    setGroupFor(null)
    setPicker(mode)
  }
  const openGroupPicker = (groupId?: number) => {
    if (!goods || !activity) return
    if (!goods.onSale) return toast('该商品已下架')
    if (!requireLogin()) return
    setGroupFor({ groupId })
    setPicker('buy')
  }
  // Opened from a group's page (参团): the picker for that group, once the activity is known.
  const joined = useRef(false)
  const openGroupLatest = useLatest(openGroupPicker)
  useEffect(() => {
    if (!activity || !goods || joined.current || !Number(joinGroup)) return
    joined.current = true
    openGroupLatest.current(Number(joinGroup))
  }, [activity, goods, joinGroup, openGroupLatest])

  const onConfirm = async (action: 'cart' | 'buy', sku: Sku, qty: number) => {
    if (!requireLogin()) return
    if (groupFor && activity) {
      setPicker(null)
      return navigateTo(ROUTES.placeOrderGroup, { activityId: activity.id, skuId: sku.id, quantity: qty, groupId: groupFor.groupId })
    }
    if (action === 'cart') {
      await addToCart(sku.id, qty)
      setPicker(null)
      toast('已加入购物车', 'success')
    } else {
      setPicker(null)
      navigateTo(ROUTES.placeOrder, { skuId: sku.id, quantity: qty, from: 'buyNow' })
    }
  }

  const preview = (urls: string[], index: number) => previewImages(urls.map(assetUrl), assetUrl(urls[index]))

  const topBar = (
    <View className='detail-top'>
      <View className='detail-top__btn' onClick={() => back()} aria-label='返回'>
        <ArrowLeft size={18} />
      </View>
      {goods && (
        <View className='detail-top__btn' aria-label='分享' onClick={share}>
          <Share size={16} />
        </View>
      )}
    </View>
  )

  if (!goods) {
    return (
      <PageLayout variant='plain' title='商品详情'>
        {topBar}
        {error ? <EmptyState text={error} onRetry={id ? load : undefined} /> : <View className='empty-hint'>加载中...</View>}
      </PageLayout>
    )
  }

  const prices = goods.skus.map((s) => s.price)
  const maxPrice = prices.length ? Math.max(...prices) : goods.price
  const [int, dec] = yuan(goods.price).split('.')
  const c = goods.comments

  const footer = (
    <View className='detail-bar'>
      <ServiceEntry className='detail-bar__icon'>
        <Service size={20} />
        <Text>客服</Text>
      </ServiceEntry>
      <View className='detail-bar__icon' onClick={() => switchTab(ROUTES.shopping)}>
        <Cart size={20} />
        <Text>购物车</Text>
      </View>
      <View className={`detail-bar__icon ${collected ? 'detail-bar__icon--on' : ''}`} onClick={toggleCollect}>
        {collected ? <StarFill size={20} color='#ffb400' /> : <Star size={20} />}
        <Text>{collected ? '已收藏' : '收藏'}</Text>
      </View>
      {goods.onSale && activity ? (
        <GroupBuyButtons activity={activity} single={goods.price} onSingle={() => openPicker('buy')} onStart={() => openGroupPicker()} />
      ) : goods.onSale ? (
        <View className='detail-bar__btns'>
          <View className='detail-bar__btn detail-bar__btn--cart' onClick={() => openPicker('cart')}>
            加入购物车
          </View>
          <View className='detail-bar__btn detail-bar__btn--buy' onClick={() => openPicker('buy')}>
            立即购买
          </View>
        </View>
      ) : (
        <View className='detail-bar__btns'>
          <View className='detail-bar__btn detail-bar__btn--off'>商品已下架</View>
        </View>
      )}
    </View>
  )

  return (
    <PageLayout variant='plain' title='商品详情' footer={footer} className='detail-page'>
      {topBar}
      <View className='detail-gallery'>
        <Swiper className='detail-gallery__swiper' circular onChange={(e) => setCurrent(e.detail.current)}>
          {goods.images.map((src, i) => (
            <SwiperItem key={src}>
              <Image className='detail-gallery__img' src={assetUrl(src)} mode='aspectFill' aria-label={`${goods.name} 图${i + 1}/${goods.images.length}`} onClick={() => preview(goods.images, i)} />
            </SwiperItem>
          ))}
        </Swiper>
        <View className='detail-gallery__count'>
          {current + 1}/{goods.images.length}
        </View>
        {!goods.onSale && <View className='detail-gallery__off'>该商品已下架</View>}
      </View>

      <View className='detail-card detail-price'>
        <View className='detail-price__line'>
          <Text className='detail-price__now'>
            <Text className='detail-price__yen'>¥</Text>
            {int}
            <Text className='detail-price__dec'>.{dec}</Text>
            {maxPrice > goods.price && <Text className='detail-price__from'> 起</Text>}
          </Text>
          {goods.originalPrice > goods.price && <Text className='detail-price__origin'>¥{yuan(goods.originalPrice)}</Text>}
          <Text className='detail-price__sales'>已售 {salesText(goods.sales)}</Text>
        </View>
        <Text className='detail-price__name'>{goods.name}</Text>
        {goods.subtitle && <Text className='detail-price__sub'>{goods.subtitle}</Text>}
        {goods.tags.length > 0 && (
          <View className='detail-price__tags'>
            {goods.tags.map((t) => (
              <Text key={t} className='detail-price__tag'>
                {t}
              </Text>
            ))}
          </View>
        )}
      </View>

      {groupBuy.data && goods.onSale && <GroupBuyPanel data={groupBuy.data} onJoin={(groupId) => openGroupPicker(groupId)} />}

      <View className='detail-card'>
        <View className='detail-cell' onClick={() => openPicker('select')}>
          <Text className='detail-cell__label'>{goods.specGroups.length ? '规格' : '数量'}</Text>
          <Text className='detail-cell__value'>
            {goods.specGroups.length ? choiceText(goods.specGroups, chosen) : `${quantity}件`}
            {goods.specGroups.length && Object.keys(chosen).length === goods.specGroups.length ? ` ×${quantity}` : ''}
          </Text>
          <ArrowRight size={12} color='#999' />
        </View>
        {coupons.length > 0 && (
          <View className='detail-cell detail-coupons' onClick={() => setCouponsOpen(true)}>
            <Text className='detail-cell__label'>领券</Text>
            <View className='detail-cell__value detail-coupons__tags'>
              {coupons.slice(0, 3).map((c) => (
                <Text key={c.couponId} className='detail-coupons__tag'>
                  {c.ruleText}
                </Text>
              ))}
            </View>
            <ArrowRight size={12} color='#999' />
          </View>
        )}
        {!!purchaseRulesText(goods) && (
          <View className='detail-cell'>
            <Text className='detail-cell__label'>限购</Text>
            <Text className='detail-cell__value detail-rules'>{purchaseRulesText(goods)}</Text>
          </View>
        )}
        {!!freight?.text && (
          <View className='detail-cell'>
            <Text className='detail-cell__label'>运费</Text>
            <Text className='detail-cell__value detail-freight'>{freight.text}</Text>
          </View>
        )}
        <View className='detail-cell'>
          <Text className='detail-cell__label'>服务</Text>
          <Text className='detail-cell__value'>正品保障 · 极速发货 · 7天无理由退换</Text>
        </View>
        {goods.brand && (
          <View className='detail-cell' onClick={() => navigateTo(goods.brand!.isExclusive ? ROUTES.cfExclusive : ROUTES.goodsSearch, { brandId: goods.brand!.id, title: goods.brand!.name })}>
            <Text className='detail-cell__label'>品牌</Text>
            <View className='detail-cell__value detail-cell__brand'>
              <Image className='detail-cell__logo' src={assetUrl(goods.brand.logo)} mode='aspectFill' />
              <Text>{goods.brand.name}</Text>
              {goods.brand.isExclusive && <Text className='detail-cell__badge'>品牌专享</Text>}
            </View>
            <ArrowRight size={12} color='#999' />
          </View>
        )}
      </View>

      <View className='detail-card detail-comments'>
        <View className='detail-comments__head' onClick={() => navigateTo(ROUTES.commentList, { goodsId: goods.id })}>
          <Text className='detail-comments__title'>商品评价（{c.count}）</Text>
          <Text className='detail-comments__rate'>{c.count ? `好评率 ${c.goodRate}%` : '暂无评价'}</Text>
          <ArrowRight size={12} color='#999' />
        </View>
        {c.latest.map((r) => (
          <View key={r.id} className='detail-comment'>
            <View className='detail-comment__user'>
              <View className='detail-comment__avatar'>{r.avatar ? <Image src={assetUrl(r.avatar)} className='detail-comment__avatar-img' /> : r.nickname.slice(0, 1)}</View>
              <Text className='detail-comment__name'>{r.nickname}</Text>
              <Rate value={r.rating} readOnly count={5} />
            </View>
            <Text className='detail-comment__text'>{r.content}</Text>
            {r.images.length > 0 && (
              <View className='detail-comment__imgs'>
                {r.images.slice(0, 3).map((src, i) => (
                  <Image key={src} className='detail-comment__img' src={assetUrl(src)} mode='aspectFill' aria-label={`评价图片${i + 1}`} onClick={() => preview(r.images, i)} />
                ))}
              </View>
            )}
            <Text className='detail-comment__meta'>
              {fromNow(r.createdAt)}
              {r.specText ? ` · ${r.specText}` : ''}
            </Text>
            {r.reply && <Text className='detail-comment__reply'>商家回复：{r.reply.content}</Text>}
          </View>
        ))}
        {c.count > c.latest.length && (
          <View className='detail-comments__all' onClick={() => navigateTo(ROUTES.commentList, { goodsId: goods.id })}>
            查看全部评价
          </View>
        )}
      </View>

      <View className='detail-card detail-rich'>
        <View className='detail-rich__title'>
          <Text className='detail-rich__line' />
          <Text>商品详情</Text>
          <Text className='detail-rich__line' />
        </View>
        <RichText nodes={richHtml(goods.detailHtml, `${goods.name} 详情图`)} />
      </View>

      <CouponSheet visible={couponsOpen} coupons={coupons} onClose={() => setCouponsOpen(false)} reload={loadCoupons} />
      <ShareSheet visible={sharing} onClose={() => setSharing(false)} goods={goods} title={shareContent().title} path={shareContent().path} />
      <SpecPicker
        goods={groupFor && activity ? groupGoods(goods, activity) : goods}
        visible={!!picker}
        mode={picker || 'select'}
        chosen={chosen}
        quantity={quantity}
        onChange={(next, q) => {
          setChosen(next)
          setQuantity(q)
        }}
        onClose={() => setPicker(null)}
        onConfirm={onConfirm}
      />
    </PageLayout>
  )
}
