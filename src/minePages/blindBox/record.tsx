import { useState } from 'react'
import { View, Text } from '@tarojs/components'
import type { DrawRecord } from '@contract/turntable'
import PageLayout from '@/components/PageLayout'
import PrizeIcon from '@/components/PrizeIcon'
import AddressSheet from '@/components/AddressSheet'
import ListFooter from '@/components/ListFooter'
import { getRecordList, toReceive, writeAddress } from '@/api/turntable'
import { useOwnPagedList } from '@/hooks/useOwnPagedList'
import { toast } from '@/core/toast'
import { copyText } from '@/utils/clipboard'
import { formatTime } from '@/utils/time'
import './record.scss'

/** My blind-box draws: what each one won, and claiming it (points and coupons at once, goods with an address). */
export default function BlindBoxRecordPage() {
  const [onlyWon, setOnlyWon] = useState(false)
  const [addressFor, setAddressFor] = useState<number | null>(null)
  const [busy, setBusy] = useState(0)
  const list = useOwnPagedList((page, size) => getRecordList(page, size, onlyWon), [onlyWon], { pageSize: 20 })

  const claim = async (r: DrawRecord) => {
    if (busy) return
    setBusy(r.id)
    try {
      const res = await toReceive(r.id, { catch: true })
      if (res.needAddress) setAddressFor(r.id)
      else toast(r.kind === 'points' ? '积分已到账' : '优惠券已放入我的优惠券', 'success')
      list.reload()
    } catch {
      // toasted
    } finally {
      setBusy(0)
    }
  }
  const save = async (addressId: number) => {
    if (!addressFor) return
    try {
      await writeAddress(addressFor, addressId, { catch: true })
      toast('地址已提交，奖品将尽快发出', 'success')
      setAddressFor(null)
      list.reload()
    } catch {
      // toasted
    }
  }

  const action = (r: DrawRecord) => {
    if (r.status === 'unclaimed')
      return (
        <View className='draw-record__btn' onClick={() => claim(r)}>
          {busy === r.id ? '领取中' : '立即领取'}
        </View>
      )
    if (r.status === 'await_address')
      return (
        <View className='draw-record__btn' onClick={() => setAddressFor(r.id)}>
          填写地址
        </View>
      )
    return null
  }

  return (
    <PageLayout variant='back' title='中奖记录' className='draw-record'>
      <View className='draw-record__tabs'>
        <View className={`draw-record__tab ${!onlyWon ? 'is-active' : ''}`} onClick={() => setOnlyWon(false)}>
          全部记录
        </View>
        <View className={`draw-record__tab ${onlyWon ? 'is-active' : ''}`} onClick={() => setOnlyWon(true)}>
          只看中奖
        </View>
      </View>
      {list.list.map((r) => (
        <View key={r.id} className='card draw-record__item'>
          <View className='draw-record__main'>
            <PrizeIcon kind={r.kind} name={r.prizeName} image={r.prizeImage} size='sm' />
            <View className='draw-record__body'>
              <Text className='draw-record__name'>{r.kind === 'none' ? '未中奖' : r.prizeName}</Text>
              <Text className='draw-record__time'>
                {formatTime(r.createdAt)} · 消耗{r.cost}积分
              </Text>
            </View>
            <View className='draw-record__side'>
              <Text className={`draw-record__status draw-record__status--${r.status}`}>{r.statusText}</Text>
              {action(r)}
            </View>
          </View>
          {r.receiver && (
            <Text className='draw-record__extra'>
              收货人：{r.receiver.name} {r.receiver.phone} {r.receiver.address}
            </Text>
          )}
          {r.shipment && (
            <Text className='draw-record__extra' onClick={() => copyText(r.shipment!.trackingNo)}>
              {r.shipment.expressName} {r.shipment.trackingNo}（点击复制单号）
            </Text>
          )}
        </View>
      ))}
      <ListFooter
        loading={list.loading}
        finished={list.finished}
        error={list.error}
        empty={list.loaded && !list.list.length}
        emptyText={onlyWon ? '还没有中奖记录' : '还没有开过盲盒'}
        onRetry={list.reload}
      />
      <AddressSheet visible={!!addressFor} title='填写奖品收货地址' confirmText='确认' onClose={() => setAddressFor(null)} onConfirm={(a) => save(a.id)} />
    </PageLayout>
  )
}
