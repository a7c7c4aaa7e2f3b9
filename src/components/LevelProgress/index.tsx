import { View, Text } from '@tarojs/components'
import { levelProgress, type MemberLevelInfo } from '@contract/level'
import './index.scss'

export interface LevelProgressProps {
  growth: number
  level: MemberLevelInfo | null
  next: MemberLevelInfo | null
  /** On a dark background (the mine page's head). */
  light?: boolean
}

/** The member's level and the way to the next: 「黄金会员 · 成长值 620 / 2000」 and a bar; 普通会员 below the first level. */
export default function LevelProgress({ growth, level, next, light }: LevelProgressProps) {
  const p = levelProgress(growth, level, next)
  return (
    <View className={`level-progress${light ? ' level-progress--light' : ''}`}>
      <View className='level-progress__row'>
        <Text className='level-progress__name'>{level ? level.name : '普通会员'}</Text>
        <Text className='level-progress__text'>{p.text}</Text>
      </View>
      <View className='level-progress__bar' role='progressbar' aria-valuenow={p.percent} aria-valuemin={0} aria-valuemax={100} aria-label={p.text}>
        <View className='level-progress__fill' style={{ width: `${p.percent}%` }} />
      </View>
      {!!p.hint && <Text className='level-progress__hint'>{p.hint}</Text>}
    </View>
  )
}
