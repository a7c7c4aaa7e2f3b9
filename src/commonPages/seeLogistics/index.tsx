import { useState } from 'react'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Steps, Step } from '@nutui/nutui-react-taro'
import { TRACKING_STATE_LABEL, type LogisticsInfo } from '@contract/logistics'
import PageLayout from '@/components/PageLayout'
import { getLogisticsTrace, getWechatWaybillToken, refreshLogisticsTrace } from '@/api/logistics'
import { openWechatWaybill } from '@/platform/wechatWaybill'
import { requireLogin } from '@/core/auth'
import { assetUrl } from '@/core/request'
import { copyText, dial } from '@/utils/clipboard'
import { formatTime } from '@/utils/time'
import './index.scss'

const STATUS: Record<string, string> = { to_receive: '运输中', to_review: '已签收', completed: '已签收' }

export default function SeeLogisticsIndexPage() {
  const orderNo = String(useRouter().params?.orderNo || '')
  const [info, setInfo] = useState<LogisticsInfo | null>(null)
  const [failed, setFailed] = useState('')
  const [refreshing, setRefreshing] = useState(false)
  // Several parcels (split shipment): 包裹1、包裹2… each with its own courier, number, goods and tracking.
  const [pick, setPick] = useState(0)

  useDidShow(() => {
    if (!requireLogin()) return
    getLogisticsTrace(orderNo, { catch: true, toast: false })
      .then(setInfo)
      .catch((e) => setFailed(e?.message || '暂无物流信息'))
  })

  const refresh = () => {
    if (refreshing) return
    setRefreshing(true)
    refreshLogisticsTrace(orderNo, { catch: true })
      .then(setInfo)
      .catch(() => undefined)
      .finally(() => setRefreshing(false))
  }

  // 微信物流详情: WeChat's own tracking page through the 物流查询 plug-in (mini-program only, when the shop offers it).
  const [opening, setOpening] = useState(false)
  const openWechat = () => {
    if (opening) return
    setOpening(true)
    getWechatWaybillToken(orderNo, { catch: true })
      .then((r) => {
        if (!openWechatWaybill(r.waybillToken)) Taro.showToast({ title: '当前版本的小程序还不能打开微信物流详情', icon: 'none' })
      })
      .catch(() => undefined)
      .finally(() => setOpening(false))
  }

  const parcels = info ? info.parcels : []
  const p = parcels[Math.min(pick, parcels.length - 1)]
  const split = parcels.length > 1 || (info?.orderStatus === 'to_ship' && parcels.length > 0)

  return (
    <PageLayout variant='back' title='查看物流'>
      {failed && <View className='empty-hint'>{failed}</View>}
      {info && p && (
        <View className='logistics'>
          {parcels.length > 1 && (
            <View className='logistics__tabs'>
              {parcels.map((x, k) => (
                <Text key={x.shipmentId} className={`logistics__tab${x === p ? ' logistics__tab--on' : ''}`} onClick={() => setPick(k)}>
                  包裹{k + 1}
                </Text>
              ))}
            </View>
          )}
          <View className='card logistics__head'>
            {!!(p.items[0]?.image || info.image) && <Image className='logistics__img' src={assetUrl(split ? p.items[0]?.image || info.image : info.image)} mode='aspectFill' />}
            <View className='logistics__meta'>
              <Text className='logistics__state'>{TRACKING_STATE_LABEL[p.trackingState] || STATUS[info.orderStatus] || '运输中'}</Text>
              <Text className='logistics__line'>
                {p.expressName}
                {!!p.expressPhone && (
                  <Text className='logistics__phone' onClick={() => dial(p.expressPhone)}>
                    {' '}
                    官方电话 {p.expressPhone}
                  </Text>
                )}
              </Text>
              <View className='logistics__line'>
                <Text>运单号：{p.trackingNo}</Text>
                <Text className='logistics__copy' onClick={() => copyText(p.trackingNo)}>
                  复制
                </Text>
              </View>
            </View>
          </View>
          {split && (
            <View className='card logistics__goods'>
              <Text className='muted'>{info.orderStatus === 'to_ship' ? '部分发货，其余商品稍后发出' : `共 ${parcels.length} 个包裹`}</Text>
              {p.items.map((i, k) => (
                <Text key={k} className='logistics__goods-line'>
                  {i.goodsName}
                  {i.specText ? `（${i.specText}）` : ''} ×{i.quantity}
                </Text>
              ))}
            </View>
          )}
          {process.env.TARO_ENV === 'weapp' && p.wechatWaybill && (
            <View className='card logistics__wechat' onClick={openWechat}>
              <Text>微信物流详情</Text>
              <Text className='muted'>{opening ? '正在打开…' : '在微信中查看物流进度 ›'}</Text>
            </View>
          )}
          <View className='card logistics__receiver'>
            <Text className='logistics__to'>收</Text>
            <Text className='logistics__addr'>
              {info.receiver.address}（{info.receiver.name} {info.receiver.phone}）
            </Text>
          </View>
          <View className='card logistics__traces'>
            {info.live && (
              <View className='logistics__refresh'>
                <Text className='muted'>物流信息由快递公司提供</Text>
                <Text className='logistics__copy' onClick={refresh}>
                  {refreshing ? '刷新中…' : '刷新'}
                </Text>
              </View>
            )}
            {p.traces.length ? (
              <Steps direction='vertical' type='dot' value={1}>
                {p.traces.map((t, i) => (
                  <Step key={`${t.time}-${i}`} value={i + 1} title={t.text} description={`${formatTime(t.time, 'YYYY-MM-DD HH:mm')}${t.typed ? ' · 商家录入' : ''}`} />
                ))}
              </Steps>
            ) : (
              <Text className='muted'>包裹正在等待揽收</Text>
            )}
          </View>
        </View>
      )}
    </PageLayout>
  )
}
