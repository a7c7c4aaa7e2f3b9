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
}

/** The end of a paged list: loading, retry after an error, no more, or empty. */
export default function ListFooter({ loading, finished, error, empty, emptyText = '暂无数据', onRetry }: ListFooterProps) {
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
  return <View className='list-footer' />
}
