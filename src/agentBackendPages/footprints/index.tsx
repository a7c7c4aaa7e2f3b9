import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Close } from '@nutui/icons-react-taro'
import type { Footprint } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getFootprints } from '@/api/agent'
import { navigateTo, usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { usePagedList } from '@/hooks/usePagedList'
import { formatTime, fromNow } from '@/utils/time'
import { yuan } from '@/utils/money'
import Avatar from '../components/Avatar'
import { leaveIfNotAgent, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

/** Which of the shop's bound shoppers viewed which goods, and when; newest first, grouped by day. */
export default function FootprintsIndexPage() {
  const logged = useLoginOnce()
  const params = usePageParams<{ memberId: string; nickname: string }>()
  const [member, setMember] = useState<{ id: number; nickname: string } | null>(Number(params.memberId) ? { id: Number(params.memberId), nickname: params.nickname || '该用户' } : null)

  const list = usePagedList<Footprint>(
    (page, pageSize) =>
      getFootprints({ memberId: member?.id, page, pageSize }, { catch: true }).catch((e) => {
        leaveIfNotAgent(e)
        throw e
      }),
    [member?.id],
    { enabled: logged },
  )
  useReachBottom(() => list.loadMore())

  let lastDay = ''
  return (
    <PageLayout variant='back' title='访客足迹'>
      {member ? (
        <View className='agent-chip' onClick={() => setMember(null)}>
          仅看：{member.nickname} <Close size={10} style={{ marginLeft: '6px' }} />
        </View>
      ) : (
        <View className='fp-tip'>绑定您店铺的用户浏览商品后会出现在这里，点击头像只看该用户</View>
      )}
      {list.list.map((f) => {
        const day = formatTime(f.viewedAt, 'YYYY-MM-DD')
        const head = day !== lastDay
        lastDay = day
        return (
          <View key={f.id}>
            {head && <Text className='fp-day'>{day}</Text>}
            <View className='fp-item'>
              <View onClick={() => setMember({ id: f.member.id, nickname: f.member.nickname })}>
                <Avatar src={f.member.avatar} name={f.member.nickname} size={72} />
              </View>
              <View className='fp-item__body'>
                <View className='fp-item__who'>
                  <Text className='fp-item__nick'>{f.member.nickname}</Text>
                  <Text className='fp-item__time'>{fromNow(f.viewedAt)}浏览了</Text>
                </View>
                <View className='fp-goods' onClick={() => navigateTo(ROUTES.goodsDetails, { id: f.goods.id })}>
                  <Image className='fp-goods__img' src={assetUrl(f.goods.mainImage)} mode='aspectFill' />
                  <View className='fp-goods__info'>
                    <Text className='fp-goods__name agent-ellipsis-2'>{f.goods.name}</Text>
                    <Text className='agent-money'>¥{yuan(f.goods.price)}</Text>
                  </View>
                </View>
              </View>
            </View>
          </View>
        )
      })}
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无访客足迹' onRetry={list.reload} />
    </PageLayout>
  )
}
