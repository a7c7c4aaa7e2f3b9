import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import type { PrizePool } from '@contract/turntable'
import PageLayout from '@/components/PageLayout'
import PrizeIcon from '@/components/PrizeIcon'
import { getPrizePool } from '@/api/turntable'
import './prizeList.scss'

const KIND_TEXT = { points: '积分', coupon: '优惠券', goods: '实物', none: '—' } as const

/** The blind box's prize list with each prize's chance (as the rules require it be disclosed). */
export default function WebViewPrizeListPage() {
  const [pool, setPool] = useState<PrizePool | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    getPrizePool({ catch: true }).then(setPool, () => setFailed(true))
  }, [])
  return (
    <PageLayout variant='back' title='奖品列表' className='prize-list'>
      {!pool && <View className='empty-hint'>{failed ? '加载失败' : '加载中...'}</View>}
      {pool && (
        <>
          <View className='card prize-list__table'>
            <View className='prize-list__row prize-list__row--head'>
              <Text className='prize-list__c1'>奖品</Text>
              <Text className='prize-list__c2'>类型</Text>
              <Text className='prize-list__c3'>中奖概率</Text>
            </View>
            {pool.prizes.map((p) => (
              <View key={p.id} className={`prize-list__row ${p.inStock ? '' : 'is-out'}`}>
                <View className='prize-list__c1 prize-list__prize'>
                  <PrizeIcon kind={p.kind} name={p.name} image={p.image} size='sm' />
                  <Text className='prize-list__name'>
                    {p.name}
                    {p.inStock ? '' : '（已抽完）'}
                  </Text>
                </View>
                <Text className='prize-list__c2'>{KIND_TEXT[p.kind]}</Text>
                <Text className='prize-list__c3'>{p.probability.toFixed(2)}%</Text>
              </View>
            ))}
          </View>
          <View className='card prize-list__rules'>
            <Text className='prize-list__rules-title'>活动规则</Text>
            <Text className='prize-list__rules-text'>
              1. 每次开启盲盒消耗{pool.cost}积分，积分不足时无法开启。{'\n'}2. 中奖结果由服务器使用密码学安全随机数抽取，概率如上表，已抽完的奖品不会被抽中，其概率计为0。{'\n'}3.
              积分与优惠券奖品领取后立即到账；实物奖品领取时需填写收货地址，我们将尽快安排发货。{'\n'}4. 可在“中奖记录”中查看和领取奖品。
            </Text>
          </View>
        </>
      )}
    </PageLayout>
  )
}
