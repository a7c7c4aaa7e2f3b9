import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { GROWTH_RULE, levelBenefits, type MyLevel } from '@contract/level'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import LevelProgress from '@/components/LevelProgress'
import { getMyLevel } from '@/api/level'
import { requireLogin } from '@/core/auth'
import { useLoadStatus } from '@/hooks/useLoadStatus'
import './index.scss'

/** 我的等级: the member's level and progress to the next, every level with its benefits, and how growth is earned. */
export default function MyLevelPage() {
  const [data, setData] = useState<MyLevel | null>(null)
  const status = useLoadStatus(true)
  const load = () => status.track(getMyLevel({ catch: true, toast: false }), setData)
  useDidShow(() => {
    if (requireLogin()) load()
  })

  return (
    <PageLayout variant='back' title='我的等级' className='my-level'>
      <LoadEmptyState state={status.state} missing='' failed={status.message || '等级信息加载失败'} onRetry={load} />
      {data && (
        <>
          <View className='my-level__head'>
            <LevelProgress growth={data.growth} level={data.level} next={data.next} light />
          </View>
          <View className='card my-level__card'>
            <Text className='my-level__title'>等级与权益</Text>
            {data.levels.length === 0 && <Text className='my-level__empty'>商家暂未设置会员等级</Text>}
            {data.levels.map((l) => {
              const mine = data.level?.id === l.id
              return (
                <View key={l.id} className={`my-level__level${mine ? ' my-level__level--mine' : ''}`}>
                  <View className='my-level__level-head'>
                    <Text className='my-level__level-name'>{l.name}</Text>
                    {mine ? <Text className='my-level__tag'>当前等级</Text> : <Text className='my-level__need'>成长值 {l.minGrowth}</Text>}
                  </View>
                  <View className='my-level__benefits'>
                    {levelBenefits(l).map((b) => (
                      <Text key={b} className='my-level__benefit'>
                        {b}
                      </Text>
                    ))}
                  </View>
                </View>
              )
            })}
          </View>
          <View className='card my-level__card'>
            <Text className='my-level__title'>成长值规则</Text>
            <Text className='my-level__rule'>{GROWTH_RULE}</Text>
            <Text className='my-level__rule'>会员折扣适用于原价购买的商品，秒杀和积分商城商品不参与；优惠券门槛按折后金额计算。</Text>
          </View>
        </>
      )}
    </PageLayout>
  )
}
