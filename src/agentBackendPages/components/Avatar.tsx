import Taro from '@tarojs/taro'
import { Image, View } from '@tarojs/components'
import { assetUrl } from '@/core/request'

/**
 * A member's avatar, or the first character of the nickname on a tinted disc (size in design px). The disc grows
 * with the text (--text-scale: 大字模式, 200 % text) so the character is never cut.
 */
export default function Avatar({ src, name, size = 72 }: { src?: string; name?: string; size?: number }) {
  const side = `calc(${Taro.pxTransform(size)} * var(--text-scale, 1))`
  const style = { width: side, height: side }
  if (src) return <Image className='agent-avatar' style={style} src={assetUrl(src)} mode='aspectFill' />
  return (
    <View className='agent-avatar' style={style}>
      {Array.from(name || '用')[0]}
    </View>
  )
}
