import { View, Text } from '@tarojs/components'
import { Loading } from '@nutui/icons-react-taro'
import './index.scss'

export interface ListFooterProps {
  loading: boolean
  finished: boolean
  error?: boolean
  empty?: boolean
  emptyText?: string
  onRetry?: () => void
  /** A list that also loads its next page on a tap (besides reaching the bottom) shows 加载更多 while pages are left. */
  onMore?: () => void
}

/** The end of a paged list: loading, retry after an error, load more (on a tap), no more, or empty. */
export default function ListFooter({ loading, finished, error, empty, emptyText = '暂无数据', onRetry, onMore }: ListFooterProps) {
  if (empty && !loading && !error) return <View className='list-footer list-footer--empty'>{emptyText}</View>
  if (loading)
    return (
      <View className='list-footer'>
        <Loading size={14} className='list-footer__spin' />
        <Text>加载中...</Text>
      </View>
    )
  if (error)
    return (
      <View className='list-footer list-footer--error' onClick={onRetry}>
        加载失败，点击重试
      </View>
    )
  if (finished) return <View className='list-footer'>— 没有更多了 —</View>
  if (onMore)
    return (
      <View className='list-footer list-footer--more' onClick={onMore}>
        加载更多
      </View>
    )
  return <View className='list-footer' />
}
