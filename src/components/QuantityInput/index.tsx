import { useEffect, useRef } from 'react'
import { View } from '@tarojs/components'
import { InputNumber } from '@nutui/nutui-react-taro'
import type { InputNumberProps } from '@nutui/nutui-react-taro'

/**
 * NutUI's InputNumber with accessible names: its <input> has no label and its − / + are unnamed icons (NutUI
 * drops aria props given to it). H5: the input is named `label` and the two buttons 减少 / 增加 + the label, once
 * drawn. The wrapper takes no box of its own (display: contents).
 */
export default function QuantityInput({ label = '数量', ...props }: Partial<InputNumberProps> & { label?: string }) {
  const box = useRef<HTMLElement>(null)
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5' || !box.current) return
    box.current.querySelector('input')?.setAttribute('aria-label', label)
    for (const [cls, verb] of [
      ['.nut-inputnumber-minus', '减少'],
      ['.nut-inputnumber-add', '增加'],
    ]) {
      const el = box.current.querySelector(cls)
      if (!el) continue
      el.setAttribute('role', 'button')
      el.setAttribute('aria-label', `${verb}${label}`)
    }
  })
  return (
    <View ref={box} style={{ display: 'contents' }}>
      <InputNumber {...props} />
    </View>
  )
}
