import { useCallback, useEffect, useState } from 'react'
import { View, Text, Image } from '@tarojs/components'
import type { GoodsDetail } from '@contract/goods'
import type { GoodsGroupBuy, GroupSummary } from '@contract/groupBuy'
import { getGoodsGroupBuy } from '@/api/groupBuy'
import { assetUrl } from '@/core/request'
import { useServerNow } from '@/hooks/useServerNow'
import { groupCountdown } from '@/utils/groupBuy'
import { yuan } from '@/utils/money'
import './GroupBuyPanel.scss'

type Activity = NonNullable<GoodsGroupBuy['activity']>

/** The goods' live 拼团 (null when none), asked quietly: a goods without one shows nothing of it. */
export function useGoodsGroupBuy(goodsId: number | undefined) {
  const [data, setData] = useState<GoodsGroupBuy | null>(null)
  const load = useCallback(() => {
    if (goodsId) getGoodsGroupBuy(goodsId, { catch: true, toast: false }).then(setData, () => setData(null))
  }, [goodsId])
  useEffect(load, [load])
  return { data: data?.activity ? data : null, reload: load }
}

/** The lowest group price and the single price of that SKU. */
export function groupPrices(a: Activity): { group: number; single: number } {
  const best = a.skus.reduce((m, s) => (s.groupPrice < m.groupPrice ? s : m), a.skus[0])
  return { group: best?.groupPrice ?? 0, single: best?.price ?? 0 }
}

/** The goods as the spec picker shows it for a group order: only the activity's SKUs, at their group price, within its per-member limit. */
export function groupGoods(goods: GoodsDetail, a: Activity): GoodsDetail {
  const prices = new Map(a.skus.map((s) => [s.skuId, s.groupPrice]))
  const skus = goods.skus.filter((s) => prices.has(s.id)).map((s) => ({ ...s, price: prices.get(s.id)! }))
  return { ...goods, skus, price: groupPrices(a).group, perMemberLimit: a.perMemberLimit, minQuantity: 1, bought: 0 }
}

interface Props {
  data: GoodsGroupBuy
  onJoin: (groupId: number) => void
}

/** Goods details' 拼团 part: the group price beside the single price, and the groups open for this goods (去参团). */
export default function GroupBuyPanel({ data, onJoin }: Props) {
  const now = useServerNow(data.now)
  const a = data.activity!
  const { group, single } = groupPrices(a)
  const groups = data.groups.filter((g) => g.expiresAt && g.expiresAt > now)
  return (
    <>
      <View className='gb-price'>
        <View className='gb-price__main'>
          <Text className='gb-price__tag'>{a.size}人团</Text>
          <Text className='gb-price__now'>
            <Text className='gb-price__yen'>¥</Text>
            {yuan(group)}
          </Text>
          <Text className='gb-price__label'>拼团价</Text>
        </View>
        <Text className='gb-price__single'>单买价 ¥{yuan(single)}</Text>
        {a.leaderDiscount > 0 && <Text className='gb-price__leader'>团长再减¥{yuan(a.leaderDiscount)}</Text>}
      </View>
      {groups.length > 0 && (
        <View className='detail-card gb-groups'>
          <Text className='gb-groups__title'>{groups.length}人正在拼团，可直接参与</Text>
          {groups.map((g) => (
            <OpenGroup key={g.id} group={g} now={now} onJoin={onJoin} />
          ))}
        </View>
      )}
    </>
  )
}

function OpenGroup({ group, now, onJoin }: { group: GroupSummary; now: number; onJoin: (id: number) => void }) {
  const leader = group.seats.find((s) => s.isLeader) || group.seats[0]
  const name = leader?.nickname || '拼团用户'
  return (
    <View className='gb-group'>
      <View className='gb-group__avatar'>{leader?.avatar ? <Image className='gb-group__avatar-img' src={assetUrl(leader.avatar)} mode='aspectFill' /> : name.slice(0, 1)}</View>
      <Text className='gb-group__name'>{name}</Text>
      <View className='gb-group__info'>
        <Text className='gb-group__missing'>还差{group.missing}人</Text>
        <Text className='gb-group__time'>剩余{groupCountdown(group.expiresAt, now)}</Text>
      </View>
      <View className='gb-group__join' onClick={() => onJoin(group.id)} aria-label={`去参团：${name}的团`}>
        去参团
      </View>
    </View>
  )
}

/** The bottom bar's two buttons while an activity runs: 单独购买 (the normal flow) and 发起拼团, each with its price. */
export function GroupBuyButtons({ activity, single, onSingle, onStart }: { activity: Activity; single: number; onSingle: () => void; onStart: () => void }) {
  return (
    <View className='detail-bar__btns'>
      <View className='detail-bar__btn detail-bar__btn--cart gb-btn' onClick={onSingle}>
        <Text className='gb-btn__price'>¥{yuan(single)}</Text>
        <Text>单独购买</Text>
      </View>
      <View className='detail-bar__btn gb-btn gb-btn--group' onClick={onStart}>
        <Text className='gb-btn__price'>¥{yuan(groupPrices(activity).group)}</Text>
        <Text>发起拼团</Text>
      </View>
    </View>
  )
}
