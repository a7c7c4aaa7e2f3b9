import { View, Text } from '@tarojs/components'
import type { ActiveDanmu } from '@/utils/danmu'
import { DANMU_DURATION_MS } from '@/utils/danmu'

/** Danmu flying right to left, 4 s each (CSS animation), in lanes at the top of the video. */
export default function DanmuLayer({ items }: { items: ActiveDanmu[] }) {
  return (
    <View className='vfeed-danmu' aria-hidden>
      {items.map((d) => (
        <View key={d.key} className={`vfeed-danmu__item vfeed-danmu__item--lane-${d.lane} ${d.mine ? 'vfeed-danmu__item--mine' : ''}`} style={{ animationDuration: `${DANMU_DURATION_MS}ms` }}>
          <Text>{d.content}</Text>
        </View>
      ))}
    </View>
  )
}
