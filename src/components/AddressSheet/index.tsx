import { useEffect, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, ScrollView } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { Checked, CheckNormal } from '@nutui/icons-react-taro'
import type { MemberAddress } from '@contract/address'
import { getAddressList } from '@/api/address'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { regionText } from '@/utils/regions'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import './index.scss'

export interface AddressSheetProps {
  visible: boolean
  title?: string
  confirmText?: string
  onClose: () => void
  onConfirm: (address: MemberAddress) => void | Promise<void>
}

/** Picks one of the member's addresses in a bottom sheet (default first); 新增地址 opens the address form. */
export default function AddressSheet({ visible, title = '选择收货地址', confirmText = '确认', onClose, onConfirm }: AddressSheetProps) {
  const dialogClass = useDialogFocus(visible, title, onClose)
  const [list, setList] = useState<MemberAddress[] | null>(null)
  const [chosen, setChosen] = useState<number>(0)
  const [busy, setBusy] = useState(false)
  const load = () =>
    getAddressList({ catch: true }).then(
      (l) => {
        setList(l)
        setChosen((c) => (l.some((a) => a.id === c) ? c : l[0]?.id || 0))
      },
      () => setList([]),
    )
  useEffect(() => {
    if (visible) load()
  }, [visible])
  // Back from 新增地址: show the new one.
  useDidShow(() => {
    if (visible) load()
  })
  const confirm = async () => {
    const a = list?.find((x) => x.id === chosen)
    if (!a || busy) return
    setBusy(true)
    try {
      await onConfirm(a)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Popup visible={visible} position='bottom' round closeable title={title} className={dialogClass} onClose={onClose}>
      <ScrollView scrollY className='address-sheet__list'>
        {list?.map((a) => (
          <View key={a.id} className={`address-sheet__item ${a.id === chosen ? 'is-on' : ''}`} onClick={() => setChosen(a.id)}>
            <View className='address-sheet__body'>
              <Text className='address-sheet__who'>
                {a.name} {a.phone}
                {a.isDefault ? '（默认）' : ''}
              </Text>
              <Text className='address-sheet__addr'>
                {regionText(a.province, a.city, a.district)} {a.detail}
              </Text>
            </View>
            {a.id === chosen ? <Checked size={20} color='var(--app-primary)' /> : <CheckNormal size={20} color='var(--app-text-3)' />}
          </View>
        ))}
        {list && !list.length && <View className='address-sheet__empty'>还没有收货地址</View>}
      </ScrollView>
      <View className='address-sheet__foot'>
        <Button className='address-sheet__add' onClick={() => navigateTo(ROUTES.addressOperate)}>
          新增地址
        </Button>
        <Button className='address-sheet__ok' type='primary' disabled={!chosen} loading={busy} onClick={confirm}>
          {confirmText}
        </Button>
      </View>
    </Popup>
  )
}
