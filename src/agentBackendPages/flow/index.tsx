import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Close } from '@nutui/icons-react-taro'
import type { FlowSummary } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import { getFlowSummary } from '@/api/agent'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { chartBars } from './chart'
import { leaveIfNotAgent } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

const RANGES = [7, 14, 30]

/**
 * Shop traffic: page views (PV) and unique visitors (UV) per day, through the shop's links and by its bound
 * shoppers, as a bar chart; the most viewed goods; tap a goods to see its own days.
 */
export default function FlowIndexPage() {
  const [days, setDays] = useState(7)
  const [goods, setGoods] = useState<{ id: number; name: string } | null>(null)
  const [data, setData] = useState<FlowSummary | null>(null)
  const [picked, setPicked] = useState<string | null>(null)

  const load = (d = days, g = goods) =>
    getFlowSummary({ days: d, goodsId: g?.id }, { catch: true })
      .then((r) => {
        setData(r)
        setPicked(null)
      })
      .catch(leaveIfNotAgent)
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const pickRange = (d: number) => {
    setDays(d)
    load(d, goods)
  }
  const pickGoods = (g: { id: number; name: string } | null) => {
    setGoods(g)
    load(days, g)
  }

  const chart = data ? chartBars(data.series) : null
  const focus = data && picked ? data.series.find((d) => d.day === picked) : null

  return (
    <PageLayout variant='back' title='店铺流量'>
      <View className='flow-ranges'>
        {RANGES.map((d) => (
          <Text key={d} className={`flow-ranges__item ${days === d ? 'is-active' : ''}`} onClick={() => pickRange(d)}>
            近{d}天
          </Text>
        ))}
      </View>
      {goods && (
        <View className='agent-chip' onClick={() => pickGoods(null)}>
          仅看：{goods.name.slice(0, 14)} <Close size={10} style={{ marginLeft: '6px' }} />
        </View>
      )}

      <View className='agent-panel flow-totals'>
        <View className='flow-totals__item'>
          <Text className='flow-totals__value'>{data?.totals.pv ?? 0}</Text>
          <Text className='flow-totals__label'>浏览量</Text>
        </View>
        <View className='flow-totals__item'>
          <Text className='flow-totals__value'>{data?.totals.uv ?? 0}</Text>
          <Text className='flow-totals__label'>访客数</Text>
        </View>
        <View className='flow-totals__item'>
          <Text className='flow-totals__value'>{data && data.totals.uv ? (data.totals.pv / data.totals.uv).toFixed(1) : '0'}</Text>
          <Text className='flow-totals__label'>人均浏览</Text>
        </View>
      </View>

      <View className='agent-panel'>
        <View className='agent-panel__head'>
          <Text className='agent-panel__title'>每日趋势</Text>
          <View className='flow-legend'>
            <Text className='flow-legend__dot flow-legend__dot--pv' />
            <Text>浏览量</Text>
            <Text className='flow-legend__dot flow-legend__dot--uv' />
            <Text>访客数</Text>
          </View>
        </View>
        <Text className='flow-focus'>{focus ? `${focus.day}：浏览 ${focus.pv} 次，访客 ${focus.uv} 人` : '点击柱子查看当天数据'}</Text>
        {chart && (
          <View className='flow-chart'>
            <View className='flow-chart__axis'>
              <Text>{chart.max}</Text>
              <Text>{chart.max / 2}</Text>
              <Text>0</Text>
            </View>
            <View className='flow-chart__plot'>
              <View className='flow-chart__grid' />
              <View className='flow-chart__grid flow-chart__grid--mid' />
              {chart.bars.map((b) => (
                <View key={b.day} className={`flow-chart__col ${picked === b.day ? 'is-picked' : ''}`} onClick={() => setPicked(b.day)}>
                  <View className='flow-chart__bars'>
                    <View className='flow-chart__bar flow-chart__bar--pv' style={{ height: `${b.pvPct}%` }} />
                    <View className='flow-chart__bar flow-chart__bar--uv' style={{ height: `${b.uvPct}%` }} />
                  </View>
                  <Text className='flow-chart__label'>{b.label}</Text>
                </View>
              ))}
            </View>
          </View>
        )}
      </View>

      {!goods && (
        <View className='agent-panel'>
          <View className='agent-panel__head'>
            <Text className='agent-panel__title'>商品浏览排行</Text>
            <Text className='agent-panel__more' onClick={() => navigateTo(ROUTES.agentFootprints)}>
              访客足迹
            </Text>
          </View>
          {!data?.goods.length && <View className='flow-empty'>这段时间还没有商品被浏览，去分享商品吧</View>}
          {data?.goods.map((g, i) => (
            <View key={g.goodsId} className='flow-goods' onClick={() => pickGoods({ id: g.goodsId, name: g.name })}>
              <Text className={`flow-goods__rank ${i < 3 ? 'is-top' : ''}`}>{i + 1}</Text>
              <Image className='flow-goods__img' src={assetUrl(g.mainImage)} mode='aspectFill' />
              <Text className='flow-goods__name agent-ellipsis'>{g.name}</Text>
              <View className='flow-goods__nums'>
                <Text>{g.pv} 次</Text>
                <Text className='flow-goods__uv'>{g.uv} 人</Text>
              </View>
            </View>
          ))}
        </View>
      )}
      <View className='flow-def'>浏览量：通过您的分享链接打开的页面及绑定用户浏览商品的次数（同一访客 30 秒内重复浏览同一商品只计一次）；访客数：按天去重的访客人数，您本人的浏览不计入。</View>
    </PageLayout>
  )
}
