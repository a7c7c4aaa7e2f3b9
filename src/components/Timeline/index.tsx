import { View, Text } from '@tarojs/components'
import { formatTime } from '@/utils/time'
import './index.scss'

export interface TimelineEntry {
  /** What happened, in the shopper's words. */
  title: string
  /** The shop's or the shopper's note, when there is one. */
  note?: string | null
  /** When it happened (ms). */
  at: number
}

export interface TimelineProps {
  /** The entries oldest first, as the server lists a case's log. */
  entries: TimelineEntry[]
}

/**
 * A progress log (the after-sales case, the cashback task): newest first, the newest marked as the state now, each
 * with its note and time.
 */
export default function Timeline({ entries }: TimelineProps) {
  return (
    <View className='timeline'>
      {[...entries].reverse().map((e, i) => (
        <View key={`${e.at}-${e.title}-${i}`} className={`timeline__item ${i === 0 ? 'timeline__item--now' : ''}`}>
          <View className='timeline__dot' />
          <View className='timeline__body'>
            <Text className='timeline__title'>{e.title}</Text>
            {e.note && <Text className='timeline__note'>{e.note}</Text>}
            <Text className='timeline__time'>{formatTime(e.at, 'YYYY-MM-DD HH:mm:ss')}</Text>
          </View>
        </View>
      ))}
    </View>
  )
}
