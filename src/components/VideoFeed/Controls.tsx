import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { PLAYBACK_RATES, rateLabel } from '@/utils/danmu'
import { clock } from './format'
import { player } from './player'
import type { Playback } from './usePlayback'

/** The current video's controls: position, a bar to seek by tapping, the rate menu, the danmu switch, full screen. */
export default function Controls({ domId, playback, danmuOn, onDanmu }: { domId: string; playback: Playback; danmuOn: boolean; onDanmu: () => void }) {
  const { progress, rate, ratesOpen, setRatesOpen, showControls, chooseRate } = playback
  return (
    <View className='vfeed__controls' onClick={showControls}>
      <Text className='vfeed__time'>{clock(progress.time)}</Text>
      <View
        id={`${domId}-bar`}
        className='vfeed__bar'
        onClick={(e: any) => {
          e.stopPropagation()
          const x = e.detail?.x ?? e.clientX ?? e.changedTouches?.[0]?.clientX
          if (typeof x !== 'number' || !progress.duration) return
          // Seek to where the bar was tapped.
          Taro.createSelectorQuery()
            .select(`#${domId}-bar`)
            .boundingClientRect((rect: any) => {
              if (rect && rect.width) player.seek(domId, Math.max(0, Math.min(1, (x - rect.left) / rect.width)) * progress.duration)
            })
            .exec()
          showControls()
        }}
      >
        <View className='vfeed__bar-fill' style={{ width: `${progress.duration ? Math.min(100, (progress.time / progress.duration) * 100) : 0}%` }} />
      </View>
      <Text className='vfeed__time'>{clock(progress.duration)}</Text>
      <View
        className='vfeed__ctl'
        onClick={(e) => {
          e.stopPropagation()
          setRatesOpen((o) => !o)
          showControls()
        }}
      >
        {rateLabel(rate)}
      </View>
      <View
        className={`vfeed__ctl ${danmuOn ? 'vfeed__ctl--on' : ''}`}
        onClick={(e) => {
          e.stopPropagation()
          onDanmu()
          showControls()
        }}
      >
        弹
      </View>
      <View
        className='vfeed__ctl'
        onClick={(e) => {
          e.stopPropagation()
          player.fullscreen(domId)
        }}
      >
        全屏
      </View>
      {ratesOpen && (
        <View className='vfeed__rates'>
          {PLAYBACK_RATES.map((r) => (
            <View
              key={r}
              className={`vfeed__rate ${r === rate ? 'vfeed__rate--on' : ''}`}
              onClick={(e) => {
                e.stopPropagation()
                chooseRate(domId, r)
              }}
            >
              {r}x
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
