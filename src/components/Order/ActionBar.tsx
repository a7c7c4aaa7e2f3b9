import { View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { OrderAction } from '@contract/order'
import { ACTION_LABEL, PRIMARY_ACTIONS, runOrderAction } from './actions'

export interface ActionBarProps {
  orderNo: string
  actions: OrderAction[]
  /** Which actions to leave out (e.g. the list hides delete of nothing). */
  hide?: OrderAction[]
  onDone?: (outcome: 'changed' | 'deleted') => void
  className?: string
}

/** The order's buttons, exactly the actions the server allows now. */
export default function ActionBar({ orderNo, actions, hide = [], onDone, className = '' }: ActionBarProps) {
  const shown = actions.filter((a) => !hide.includes(a))
  if (!shown.length) return null
  const run = async (a: OrderAction) => {
    const outcome = await runOrderAction(a, orderNo)
    if (outcome !== 'none') onDone?.(outcome)
  }
  return (
    <View className={`order-actions ${className}`}>
      {shown.map((a) => (
        <Button
          key={a}
          size='small'
          className='order-actions__btn'
          type={PRIMARY_ACTIONS.includes(a) ? 'primary' : 'default'}
          // An explicit fill='solid' puts NutUI's gradient on the label too (a lighter box behind the text): primary is solid by default.
          fill={PRIMARY_ACTIONS.includes(a) ? undefined : 'outline'}
          onClick={(e) => {
            e?.stopPropagation?.()
            run(a)
          }}
        >
          {ACTION_LABEL[a]}
        </Button>
      ))}
    </View>
  )
}
