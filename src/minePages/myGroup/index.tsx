import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import type { MyGroup } from '@contract/groupBuy'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getMyGroups } from '@/api/groupBuy'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { myGroupText } from '@/utils/groupBuy'
import './index.scss'

/** 我的拼团: the member's group orders, newest first, each with its state and a way to its group's page. */
export default function MyGroupPage() {
  const [list, setList] = useState<MyGroup[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState(false)

  const load = () => {
    setLoading(true)
    setError(false)
    getMyGroups({ catch: true }).then(
      (l) => {
        setList(l)
        setLoading(false)
      },
      () => {
        setError(true)
        setLoading(false)
      },
    )
  }
  useDidShow(() => {
    if (requireLogin()) load()
  })

  // A group no one can open (its leader never paid) has no page: its order says what became of it.
  const open = (g: MyGroup) => (g.state === 'pending' || g.state === 'cancelled' ? navigateTo(ROUTES.orderDetails, { orderNo: g.orderNo }) : navigateTo(ROUTES.groupDetail, { groupId: g.groupId }))

  return (
    <PageLayout variant='back' title='我的拼团'>
      {list.map((g) => (
        <View key={g.orderNo} className='card my-group' onClick={() => open(g)}>
          <Image className='my-group__img' src={assetUrl(g.goodsImage)} mode='aspectFill' />
          <View className='my-group__body'>
            <Text className='my-group__name'>{g.goodsName}</Text>
            <Text className='my-group__size'>
              {g.size}人团 · 已拼{Math.min(g.filled, g.size)}人
            </Text>
            <View className='my-group__foot'>
              <Text className={`my-group__state my-group__state--${g.state}`}>{myGroupText(g)}</Text>
              <Text className='my-group__link'>{g.state === 'pending' || g.state === 'cancelled' ? '查看订单' : '查看拼团'}</Text>
            </View>
          </View>
        </View>
      ))}
      <ListFooter loading={loading} finished={!loading} error={error} empty={!loading && !error && !list.length} emptyText='还没有参加过拼团' onRetry={load} />
    </PageLayout>
  )
}
