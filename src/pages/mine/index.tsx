import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Badge, Grid } from '@nutui/nutui-react-taro'
import {
  ArrowRight,
  Articles,
  Comment,
  Coupon,
  Edit,
  Feedback,
  Footprint,
  Gift,
  Heart,
  Jingdou,
  Location,
  Refund,
  Service,
  Setting,
  Star,
  Store,
  ToPay,
  ToReceive,
  User,
  UserAdd,
  Videos,
  Wallet,
} from '@nutui/icons-react-taro'
import type { OrderCounts, OrderTab } from '@contract/order'
import type { MyLevel } from '@contract/level'
import PageLayout from '@/components/PageLayout'
import ServiceEntry from '@/components/ServiceEntry'
import LevelProgress from '@/components/LevelProgress'
import { getOrderCounts } from '@/api/order'
import { getCouponCounts } from '@/api/coupon'
import { getMyLevel } from '@/api/level'
import { loadMemberInfo, goLogin, isLoggedIn } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { useUserStore } from '@/stores/user'
import { ROUTES } from '@/routes'
import './index.scss'
import { useReviewMode } from '@/platform/reviewMode'

const SHORTCUTS: Array<{ tab: OrderTab; text: string; icon: JSX.Element; count: keyof OrderCounts }> = [
  { tab: 'unpaid', text: '待付款', icon: <ToPay size={24} />, count: 'unpaid' },
  { tab: 'unshipped', text: '待发货', icon: <Store size={24} />, count: 'unshipped' },
  { tab: 'unreceived', text: '待收货', icon: <ToReceive size={24} />, count: 'unreceived' },
  { tab: 'unreviewed', text: '待评价', icon: <Comment size={24} />, count: 'unreviewed' },
  { tab: 'afterSale', text: '售后', icon: <Refund size={24} />, count: 'afterSale' },
]

interface Entry {
  text: string
  icon: JSX.Element
  path: string
  query?: Record<string, string>
}

const ENTRIES: Entry[] = [
  { text: '我的收藏', icon: <Heart size={22} />, path: ROUTES.collect },
  { text: '我的足迹', icon: <Footprint size={22} />, path: ROUTES.footprints },
  { text: '优惠券', icon: <Coupon size={22} />, path: ROUTES.myCoupon },
  { text: '我的拼团', icon: <UserAdd size={22} />, path: ROUTES.myGroup },
  { text: '我的积分', icon: <Jingdou size={22} />, path: ROUTES.integral },
  { text: '任务中心', icon: <Star size={22} />, path: ROUTES.missionCenter },
  { text: '盲盒', icon: <Gift size={22} />, path: ROUTES.blindBox },
  { text: '好评返现', icon: <Wallet size={22} />, path: ROUTES.cashback },
  { text: '收货地址', icon: <Location size={22} />, path: ROUTES.addressList },
  { text: '我的名片', icon: <User size={22} />, path: ROUTES.cardList },
  { text: '我的视频', icon: <Videos size={22} />, path: ROUTES.videoList },
  { text: '我的文章', icon: <Articles size={22} />, path: ROUTES.myArticle },
  { text: '售后服务', icon: <Refund size={22} />, path: ROUTES.orderList, query: { tab: 'afterSale' } },
  { text: '意见反馈', icon: <Feedback size={22} />, path: ROUTES.feedback },
  { text: '设置', icon: <Setting size={22} />, path: ROUTES.setting },
]

const EMPTY_COUNTS: OrderCounts = { unpaid: 0, unshipped: 0, unreceived: 0, unreviewed: 0, afterSale: 0 }

export default function MineIndexPage() {
  const userInfo = useUserStore((s) => s.userInfo)
  const token = useUserStore((s) => s.token)
  const logged = isLoggedIn({ token, userInfo })
  const [counts, setCounts] = useState<OrderCounts>(EMPTY_COUNTS)
  const [coupons, setCoupons] = useState(0)
  const [level, setLevel] = useState<MyLevel | null>(null)

  useDidShow(() => {
    if (!isLoggedIn()) {
      setLevel(null)
      return setCounts(EMPTY_COUNTS)
    }
    getMyLevel({ catch: true, toast: false }).then(setLevel, () => undefined)
    loadMemberInfo().catch(() => undefined)
    getOrderCounts({ catch: true, toast: false }).then(setCounts, () => undefined)
    // The 优惠券 stat is a number like its neighbours: the member's unused coupons.
    getCouponCounts({ catch: true, toast: false }).then(
      (c) => setCoupons(c.unused),
      () => undefined,
    )
  })

  /** Every entry needs a member; a visitor goes to login with the entry as the redirect target. */
  const open = (path: string, query?: Record<string, string>) => {
    if (!isLoggedIn()) return goLogin({ path, options: query })
    navigateTo(path, query)
  }

  const agent = logged && !!userInfo.businessId
  const reviewMode = useReviewMode()
  const entries: Entry[] = [
    ...(reviewMode ? ENTRIES.filter((e) => e.path !== ROUTES.blindBox) : ENTRIES),
    agent ? { text: '代理后台', icon: <Store size={22} />, path: ROUTES.agentHome } : { text: '申请代理', icon: <Edit size={22} />, path: ROUTES.agentApply },
  ]

  return (
    <PageLayout variant='tab' title='我的'>
      <View className='mine'>
        <View className='mine__head' onClick={() => (logged ? open(ROUTES.setting) : goLogin({ path: ROUTES.mine }))}>
          {logged && userInfo.avatar ? (
            <Image className='mine__avatar' src={assetUrl(userInfo.avatar)} mode='aspectFill' />
          ) : (
            <View className='mine__avatar mine__avatar--empty'>
              <User size={32} />
            </View>
          )}
          <View className='mine__who'>
            {logged ? (
              <>
                <Text className='mine__nick'>{userInfo.nickname || '微信用户'}</Text>
                <View className='mine__sub'>
                  {!!userInfo.phone && <Text className='mine__phone'>{userInfo.phone}</Text>}
                  {agent && <Text className='mine__badge'>{userInfo.shopName || '代理'}</Text>}
                </View>
              </>
            ) : (
              <>
                <Text className='mine__nick'>登录/注册</Text>
                <Text className='mine__phone'>登录后享受更多会员权益</Text>
              </>
            )}
          </View>
          <ArrowRight size={14} className='mine__arrow' />
        </View>

        {logged && (
          <View className='mine__assets'>
            <View className='mine__asset' onClick={() => open(ROUTES.integral)}>
              <Text className='mine__asset-num'>{userInfo.points ?? 0}</Text>
              <Text className='mine__asset-label'>积分</Text>
            </View>
            <View className='mine__asset' onClick={() => open(ROUTES.balance)}>
              <Text className='mine__asset-num'>{((userInfo.balance ?? 0) / 100).toFixed(2)}</Text>
              <Text className='mine__asset-label'>余额(元)</Text>
            </View>
            <View className='mine__asset' onClick={() => open(ROUTES.myCoupon)}>
              <Text className='mine__asset-num'>{coupons}</Text>
              <Text className='mine__asset-label'>优惠券</Text>
            </View>
          </View>
        )}

        {logged && level && (
          <View className='card mine__level' onClick={() => open(ROUTES.myLevel)}>
            <LevelProgress growth={level.growth} level={level.level} next={level.next} />
          </View>
        )}

        <View className='card mine__orders'>
          <View className='mine__orders-head' onClick={() => open(ROUTES.orderList, { tab: 'all' })}>
            <Text className='mine__title'>我的订单</Text>
            <View className='mine__more'>
              <Text>全部订单</Text>
              <ArrowRight size={12} />
            </View>
          </View>
          <View className='mine__shortcuts'>
            {SHORTCUTS.map((s) => (
              <View key={s.tab} className='mine__shortcut' onClick={() => open(ROUTES.orderList, { tab: s.tab })}>
                <Badge value={counts[s.count] || 0} max={99} top='2' right='4'>
                  <View className='mine__shortcut-icon'>{s.icon}</View>
                </Badge>
                <Text className='mine__shortcut-text'>{s.text}</Text>
              </View>
            ))}
          </View>
        </View>

        <View className='card mine__tools'>
          <Text className='mine__title'>常用功能</Text>
          <Grid columns={4} className='mine__grid'>
            {entries.map((e) => (
              <Grid.Item key={e.text} text={e.text} onClick={() => open(e.path, e.query)}>
                <View className='mine__tool-icon'>{e.icon}</View>
              </Grid.Item>
            ))}
          </Grid>
        </View>

        <ServiceEntry className='card mine__service'>
          <Service size={20} />
          <Text className='mine__service-text'>联系客服</Text>
          <ArrowRight size={12} />
        </ServiceEntry>
      </View>
    </PageLayout>
  )
}
