import { useState } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { ArrowRight, Checked, CheckNormal, Store } from '@nutui/icons-react-taro'
import type { PickupPoint } from '@contract/order'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import './index.scss'

export interface PickupPickerProps {
  points: PickupPoint[]
  /** The point the server priced the order with (the first enabled one until the shopper picks). */
  chosen: PickupPoint | null
  onChange: (id: number) => void
}

/** One point: name, address, business hours and phone. */
export function PickupPointText({ point }: { point: Pick<PickupPoint, 'name' | 'address' | 'hours' | 'phone'> }) {
  return (
    <View className='pickup-point'>
      <Text className='pickup-point__name'>{point.name}</Text>
      <Text className='pickup-point__line'>{point.address}</Text>
      <Text className='pickup-point__line'>营业时间：{point.hours}</Text>
      <Text className='pickup-point__line'>联系电话：{point.phone}</Text>
    </View>
  )
}

/** The checkout's 自提点 card and its sheet of the shop's enabled points. */
export default function PickupPicker({ points, chosen, onChange }: PickupPickerProps) {
  const [open, setOpen] = useState(false)
  const dialogClass = useDialogFocus(open, '选择自提点', () => setOpen(false))
  const pick = (id: number) => {
    setOpen(false)
    if (id !== chosen?.id) onChange(id)
  }
  return (
    <>
      <View className='card pickup-picker' onClick={() => setOpen(true)} aria-label='选择自提点'>
        <Store size={20} className='pickup-picker__icon' />
        <View className='pickup-picker__body'>{chosen ? <PickupPointText point={chosen} /> : <Text className='pickup-point__name'>请选择自提点</Text>}</View>
        {points.length > 1 && <ArrowRight size={14} className='muted' />}
      </View>
      <Popup visible={open} position='bottom' round closeable title='选择自提点' className={dialogClass} onClose={() => setOpen(false)}>
        <ScrollView scrollY className='pickup-picker__list'>
          {points.map((p) => (
            <View key={p.id} className='pickup-picker__option' onClick={() => pick(p.id)}>
              <PickupPointText point={p} />
              {p.id === chosen?.id ? <Checked size={20} color='var(--app-primary)' /> : <CheckNormal size={20} color='var(--app-text-3)' />}
            </View>
          ))}
        </ScrollView>
      </Popup>
    </>
  )
}
