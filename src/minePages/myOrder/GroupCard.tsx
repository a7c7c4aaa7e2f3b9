import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { ArrowRight } from '@nutui/icons-react-taro'
import type { MyGroup } from '@contract/groupBuy'
import { getMyGroups } from '@/api/groupBuy'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { myGroupText } from '@/utils/groupBuy'

/** A group order's 拼团 row on its detail: the member's place in words and 查看拼团 (a group whose leader never paid has no page). */
export default function OrderGroupCard({ orderNo, version }: { orderNo: string; version: unknown }) {
  const [g, setG] = useState<MyGroup | null>(null)
  useEffect(() => {
    getMyGroups({ catch: true, toast: false }).then(
      (list) => setG(list.find((x) => x.orderNo === orderNo) || null),
      () => setG(null),
    )
  }, [orderNo, version])
  if (!g) return null
  const linked = g.state !== 'pending' && g.state !== 'cancelled'
  return (
    <View className='card order-detail__group' onClick={linked ? () => navigateTo(ROUTES.groupDetail, { groupId: g.groupId }) : undefined}>
      <Text className='order-detail__group-tag'>{g.size}人团</Text>
      <Text className='order-detail__group-text'>{myGroupText(g)}</Text>
      {linked && (
        <View className='order-detail__group-link'>
          <Text>查看拼团</Text>
          <ArrowRight size={12} />
        </View>
      )}
    </View>
  )
}
