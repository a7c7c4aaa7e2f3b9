import { useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Checkbox } from '@nutui/nutui-react-taro'
import { Del, Edit, Location } from '@nutui/icons-react-taro'
import type { MemberAddress } from '@contract/address'
import PageLayout from '@/components/PageLayout'
import { deleteAddress, getAddressList, setDefaultAddress } from '@/api/address'
import { ROUTES } from '@/routes'
import { back, navigateTo } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { confirm, toast } from '@/core/toast'
import { useCommonStore } from '@/stores/common'
import { regionText } from '@/utils/regions'
import { toShippingAddress } from './choice'
import './index.scss'

/** My addresses. Opened with select=1 (from the confirm-order page), tapping an address picks it and goes back. */
export default function ShippingAddressIndexPage() {
  const selecting = String(useRouter().params?.select || '') === '1'
  const [list, setList] = useState<MemberAddress[] | null>(null)
  const chosenId = useCommonStore((s) => s.shippingAddress?.id)

  const load = async () => setList(await getAddressList())
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const pick = (a: MemberAddress) => {
    if (!selecting) return
    useCommonStore.getState().setShippingAddress(toShippingAddress(a))
    back()
  }
  const makeDefault = async (a: MemberAddress) => {
    if (a.isDefault) return
    await setDefaultAddress(a.id)
    toast('已设为默认地址', 'success')
    load()
  }
  const remove = async (a: MemberAddress) => {
    if (!(await confirm('确定删除该收货地址吗？'))) return
    await deleteAddress(a.id)
    if (useCommonStore.getState().shippingAddress?.id === a.id) useCommonStore.getState().setShippingAddress(null)
    toast('已删除', 'success')
    load()
  }

  const footer = (
    <View className='address-list__bar'>
      <Button type='primary' block onClick={() => navigateTo(ROUTES.addressOperate, selecting ? { select: 1 } : undefined)}>
        + 新增收货地址
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title={selecting ? '选择收货地址' : '收货地址'} footer={footer}>
      {list && !list.length && (
        <View className='empty-hint address-list__empty'>
          <Location size={48} className='address-list__empty-icon' />
          <Text>还没有收货地址，添加一个吧</Text>
        </View>
      )}
      {list?.map((a) => (
        <View key={a.id} className={`card address-card ${selecting && chosenId === a.id ? 'address-card--chosen' : ''}`} onClick={() => pick(a)}>
          <View className='address-card__who'>
            <Text className='address-card__name'>{a.name}</Text>
            <Text className='address-card__phone'>{a.phone}</Text>
            {a.isDefault && <Text className='address-card__tag address-card__tag--default'>默认</Text>}
            {!!a.tag && <Text className='address-card__tag'>{a.tag}</Text>}
          </View>
          <Text className='address-card__addr'>
            {regionText(a.province, a.city, a.district)} {a.detail}
          </Text>
          <View className='address-card__ops' onClick={(e) => e.stopPropagation()}>
            <Checkbox checked={a.isDefault} onChange={() => makeDefault(a)} label={a.isDefault ? '默认地址' : '设为默认'} />
            <View className='address-card__op' onClick={() => navigateTo(ROUTES.addressOperate, { id: a.id })}>
              <Edit size={14} />
              <Text>编辑</Text>
            </View>
            <View className='address-card__op' onClick={() => remove(a)}>
              <Del size={14} />
              <Text>删除</Text>
            </View>
          </View>
        </View>
      ))}
    </PageLayout>
  )
}
