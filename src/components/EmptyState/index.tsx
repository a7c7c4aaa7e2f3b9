import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { back } from '@/core/nav'
import type { LoadState } from '@/hooks/useLoadById'
import './index.scss'

export interface EmptyStateProps {
  /** What the shopper reads ("没有找到这条公告"). */
  text: string
  /** Shown as a 重新加载 button (a failed load); absent when asking again cannot help (a link without an id). */
  onRetry?: () => void
}

/** A friendly empty page: what happened and a way back (home when there is no page before it). */
export default function EmptyState({ text, onRetry }: EmptyStateProps) {
  return (
    <View className='empty-state'>
      <Text className='empty-state__text'>{text}</Text>
      <View className='empty-state__actions'>
        {onRetry ? (
          <Button size='small' fill='outline' onClick={onRetry}>
            重新加载
          </Button>
        ) : null}
        <Button size='small' type='primary' onClick={() => back()}>
          返回
        </Button>
      </View>
    </View>
  )
}

/**
 * The empty state of a page loaded with useLoadById: `missing` for a link without a valid id (no retry),
 * `failed` when the record is gone or the network failed (retry offered). Nothing while loading or loaded.
 */
export function LoadEmptyState({ state, missing, failed, onRetry }: { state: LoadState; missing: string; failed: string; onRetry: () => void }) {
  if (state === 'missing') return <EmptyState text={missing} />
  if (state === 'failed') return <EmptyState text={failed} onRetry={onRetry} />
  return null
}
