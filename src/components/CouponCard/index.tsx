import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import './index.scss'

export interface CouponCardProps {
  faceText: string
  ruleText: string
  name: string
  scopeText: string
  /** Validity line: "领取后7天内有效" or "2024.11.22-2024.11.29". */
  validText: string
  /** A small red note ("今天过期"). */
  note?: string
  /** used / expired / unusable: greyed, with a stamp for used and expired. */
  state?: 'normal' | 'used' | 'expired' | 'disabled'
  /** Why it cannot be used here (the picker's unusable list). */
  reason?: string
  /** Right side: a button, a radio... */
  action?: ReactNode
  onClick?: () => void
  className?: string
}

const STAMP: Record<string, string> = { used: '已使用', expired: '已过期' }

/** A coupon ticket: the face value on the left, the rules on the right. */
export default function CouponCard({ faceText, ruleText, name, scopeText, validText, note, state = 'normal', reason, action, onClick, className = '' }: CouponCardProps) {
  const yen = faceText.startsWith('¥')
  return (
    <View className={`coupon-card coupon-card--${state} ${className}`} onClick={onClick}>
      <View className='coupon-card__face'>
        <View className='coupon-card__value'>
          {yen && <Text className='coupon-card__yen'>¥</Text>}
          <Text className='coupon-card__num'>{yen ? faceText.slice(1) : faceText}</Text>
        </View>
        <Text className='coupon-card__rule'>{ruleText}</Text>
      </View>
      <View className='coupon-card__body'>
        <Text className='coupon-card__name'>{name}</Text>
        <Text className='coupon-card__scope'>{scopeText}</Text>
        <Text className='coupon-card__valid'>{validText}</Text>
        {!!note && <Text className='coupon-card__note'>{note}</Text>}
        {!!reason && <Text className='coupon-card__reason'>{reason}</Text>}
      </View>
      {action && <View className='coupon-card__action'>{action}</View>}
      {STAMP[state] && <View className='coupon-card__stamp'>{STAMP[state]}</View>}
    </View>
  )
}
