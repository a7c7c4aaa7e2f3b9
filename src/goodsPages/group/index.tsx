import { useCallback, useEffect, useRef } from 'react'
import { useDidShow } from '@tarojs/taro'
import { Button as TaroButton, Image, Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { GroupDetail } from '@contract/groupBuy'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import { PosterCanvas, PosterPopup, usePoster } from '@/components/Poster'
import { drawGroupPoster, GROUP_POSTER } from '@/components/Poster/groupPoster'
import { getGroup } from '@/api/groupBuy'
import { getWxACode } from '@/api/wechat'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { useShopInfo } from '@/core/shopInfo'
import { toast } from '@/core/toast'
import { useLoadById } from '@/hooks/useLoadById'
import { useServerNow } from '@/hooks/useServerNow'
import { currentShell } from '@/platform/env'
import { drawableImage } from '@/platform/poster'
import { buildShare, h5Link, useShare } from '@/platform/share'
import { ROUTES } from '@/routes'
import { useUserStore } from '@/stores/user'
import { copyText } from '@/utils/clipboard'
import { groupCountdown, groupStateText, seatSlots } from '@/utils/groupBuy'
import { yuan } from '@/utils/money'
import './index.scss'

const load = (id: number) => getGroup(id, { catch: true, toast: false })

/** A group's page (拼团详情): its goods at the group price, the members and the empty seats, the state and countdown, 邀请好友 or 参团, the rules. Public: a shared link opens it logged out. */
export default function GroupPage() {
  const { id, data: g, setData, state, reload } = useLoadById<GroupDetail>(load, 'groupId')
  const now = useServerNow(g?.now)
  const polls = useRef(0)
  const poster = usePoster()
  // The poster names the agent's own shop, else the shop (设置 → 店铺), like the goods poster.
  const shop = useShopInfo()
  const shopName = useUserStore((s) => s.userInfo.shopName) || shop?.shopName || ''

  const refresh = useCallback(() => {
    if (id) load(id).then(setData, () => {})
  }, [id, setData])
  // Back from login or paying: the caller's place may have changed.
  useDidShow(() => {
    if (g) refresh()
  })
  // The leader lands here from the checkout: the payment's confirmation may still be on its way (pending), so ask again a few times.
  useEffect(() => {
    if (g?.state !== 'pending' || polls.current >= 15) return
    const t = setTimeout(() => {
      polls.current += 1
      refresh()
    }, 2000)
    return () => clearTimeout(t)
  }, [g, refresh])
  // The deadline passed while the page was open: the settle job decides (failed, or filled); show what it did.
  const expired = !!g && g.state === 'open' && !!g.expiresAt && g.expiresAt <= now
  useEffect(() => {
    if (!expired) return
    const t = setInterval(refresh, 5000)
    return () => clearInterval(t)
  }, [expired, refresh])

  const share = () =>
    buildShare(ROUTES.groupDetail, {
      title: g ? `还差${g.missing}人，¥${yuan(g.groupPrice)}一起拼「${g.goodsName}」` : undefined,
      imageUrl: g ? assetUrl(g.goodsImage) : undefined,
      query: { groupId: String(id || '') },
    })
  useShare(share, [g?.id, g?.missing])

  const invite = () => {
    const shell = currentShell()
    // Any other browser: the link, copied (WeChat shares through its own menu, with the card set by useShare).
    if (shell === 'h5') return void copyText(`${window.location.origin}${share().path}`)
    toast('点击右上角 ··· 分享给好友')
  }

  // 生成海报: the goods at the group price beside the single price, the seats, and the code that opens this group (the
  // mini-program code of the group page where WeChat makes one, else the QR of the link the share carries).
  const makePoster = () =>
    g &&
    poster.make(async () => {
      const link = h5Link(share().path)
      const miniCode =
        process.env.TARO_ENV === 'weapp'
          ? await getWxACode({ page: ROUTES.groupDetail, query: `groupId=${g.id}` }, { catch: true, toast: false }).then(
              (c) => c.image,
              () => '',
            )
          : ''
      const [image, code, ...avatars] = await Promise.all([drawableImage(assetUrl(g.goodsImage)), drawableImage(miniCode), ...g.seats.map((s) => drawableImage(assetUrl(s.avatar)))])
      return drawGroupPoster({
        shopName,
        goodsName: g.goodsName,
        groupPrice: yuan(g.groupPrice),
        singlePrice: yuan(g.singlePrice),
        size: g.size,
        filled: g.filled,
        missing: g.missing,
        seats: g.seats.map((s, i) => ({ ...s, avatar: avatars[i] })),
        image,
        code,
        link,
      })
    })

  const join = () => {
    if (!g || !requireLogin()) return
    navigateTo(ROUTES.goodsDetails, { id: g.goodsId, joinGroup: g.id })
  }

  const mine = !!g?.myOrderNo
  const open = g?.state === 'open' && !expired && g.missing > 0
  const left = g ? groupCountdown(g.expiresAt, now) : ''

  const footer = g && (
    <View className={`group-page__bar${mine && open ? ' group-page__bar--two' : ''}`}>
      {mine && open ? (
        <>
          <Button className='group-page__btn group-page__btn--poster' loading={poster.drawing} onClick={makePoster}>
            生成海报
          </Button>
          {process.env.TARO_ENV === 'weapp' ? (
            <TaroButton openType='share' className='nut-button nut-button--primary nut-button--normal group-page__btn'>
              邀请好友参团
            </TaroButton>
          ) : (
            <Button type='primary' className='group-page__btn' onClick={invite}>
              邀请好友参团
            </Button>
          )}
        </>
      ) : open ? (
        <Button type='primary' block className='group-page__btn' onClick={join}>
          ¥{yuan(g.groupPrice)} 参团
        </Button>
      ) : mine ? (
        <Button type='primary' block className='group-page__btn' onClick={() => navigateTo(ROUTES.orderDetails, { orderNo: g.myOrderNo! })}>
          查看订单
        </Button>
      ) : (
        <Button type='primary' block className='group-page__btn' onClick={() => navigateTo(ROUTES.goodsDetails, { id: g.goodsId })}>
          去开新团
        </Button>
      )}
    </View>
  )

  return (
    <PageLayout variant='back' title='拼团详情' footer={footer}>
      <LoadEmptyState state={state} missing='链接不完整，没有找到这个团' failed='拼团不存在或加载失败' onRetry={reload} />
      {!g && state === 'loading' && <View className='empty-hint'>加载中...</View>}
      {g && (
        <View className='group-page'>
          <View className='card group-goods' onClick={() => navigateTo(ROUTES.goodsDetails, { id: g.goodsId })}>
            <Image className='group-goods__img' src={assetUrl(g.goodsImage)} mode='aspectFill' />
            <View className='group-goods__body'>
              <Text className='group-goods__name'>{g.goodsName}</Text>
              <View className='group-goods__price'>
                <Text className='group-goods__tag'>{g.size}人团</Text>
                <Text className='price'>¥{yuan(g.groupPrice)}</Text>
                <Text className='group-goods__label'>拼团价</Text>
              </View>
            </View>
          </View>

          <View className='card group-state'>
            <Text className={`group-state__text group-state__text--${g.state}`}>{g.state === 'pending' ? '支付确认中…' : expired ? '拼团已到期，结果确认中…' : groupStateText(g)}</Text>
            {open && !!left && (
              <Text className='group-state__time' aria-label={`剩余 ${left}`}>
                剩余 {left} 结束
              </Text>
            )}
            <View className='group-seats'>
              {seatSlots(g.seats, g.size, g.filled).map((s, i) => (
                <View key={i} className={`group-seat group-seat--${s.kind}`}>
                  {s.kind === 'member' ? (
                    s.seat.avatar ? (
                      <Image className='group-seat__img' src={assetUrl(s.seat.avatar)} mode='aspectFill' aria-label={s.seat.nickname} />
                    ) : (
                      <Text aria-label={s.seat.nickname}>{s.seat.nickname.slice(0, 1)}</Text>
                    )
                  ) : (
                    <Text aria-label={s.kind === 'virtual' ? '拼团用户' : '空位'}>{s.kind === 'virtual' ? '拼' : '?'}</Text>
                  )}
                  {s.kind === 'member' && s.seat.isLeader && <Text className='group-seat__leader'>团长</Text>}
                </View>
              ))}
            </View>
            {mine && <Text className='group-state__mine'>{g.state === 'formed' ? '您已成功参团，商品将尽快发货' : g.state === 'failed' ? '拼团未成功，您支付的款项已原路退回' : '您已参加本团'}</Text>}
            {!isLoggedIn() && open && <Text className='group-state__mine'>登录后即可参团</Text>}
          </View>

          <View className='card group-rules'>
            <Text className='group-rules__title'>拼团规则</Text>
            <Text className='group-rules__line'>1. 开团或参团并完成支付后占得名额，{g.size}人成团；</Text>
            <Text className='group-rules__line'>2. 团长支付后开始计时，到期前凑满{g.size}人即拼团成功，所有订单一起发货；</Text>
            <Text className='group-rules__line'>3. 到期未凑满即拼团失败，已支付的款项将自动原路退回；</Text>
            <Text className='group-rules__line'>4. 名额已满后才完成的支付，也将自动退款；每人每团限参一次。</Text>
          </View>
        </View>
      )}
      {mine && open && <PosterCanvas spec={GROUP_POSTER} />}
      <PosterPopup
        spec={GROUP_POSTER}
        poster={poster.poster}
        fileName={`拼团海报-${g?.goodsName || ''}.png`}
        onClose={poster.close}
        className='group-poster'
        hint={process.env.TARO_ENV === 'h5' ? '长按图片可保存或发送给好友' : '长按图片可发送给好友'}
      />
    </PageLayout>
  )
}
