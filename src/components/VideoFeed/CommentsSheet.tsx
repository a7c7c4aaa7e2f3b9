import { Image, Input, ScrollView, Text, View } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import type { VideoComment } from '@contract/video'
import { VIDEO_COMMENT_MAX } from '@contract/video'
import { assetUrl } from '@/core/request'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { fromNow } from '@/utils/time'
import { clock, popupPortal } from './format'

/** The current video's comments (newest first, each with the moment of the video it was written at) and the box to add one. */
export default function CommentsSheet({
  open,
  onClose,
  total,
  list,
  draft,
  onDraft,
  onSend,
}: {
  open: boolean
  onClose: () => void
  /** The video's comment count (the list holds the first page). */
  total: number
  list: VideoComment[]
  draft: string
  onDraft: (text: string) => void
  onSend: () => void
}) {
  const dialog = useDialogFocus(open, '评论', onClose)
  return (
    <Popup visible={open} portal={popupPortal} position='bottom' round className={dialog} onClose={onClose} title={`${total}条评论`} closeable>
      <View className='vfeed-comments'>
        <ScrollView scrollY className='vfeed-comments__list'>
          {list.length === 0 && <View className='empty-hint'>还没有评论，来抢沙发吧</View>}
          {list.map((c) => (
            <View key={c.id} className='vfeed-comments__item'>
              {c.author.avatar ? (
                <Image className='vfeed-comments__avatar' src={assetUrl(c.author.avatar)} />
              ) : (
                <View className='vfeed-comments__avatar vfeed-comments__avatar--text'>{(c.author.nickname || '会').slice(0, 1)}</View>
              )}
              <View className='vfeed-comments__body'>
                <Text className='vfeed-comments__nick'>{c.author.nickname}</Text>
                <Text className='vfeed-comments__text'>{c.content}</Text>
                <Text className='vfeed-comments__time'>
                  {fromNow(c.createdAt)} · {clock(c.time)}
                </Text>
              </View>
            </View>
          ))}
        </ScrollView>
        <View className='vfeed-comments__bar'>
          <Input
            className='vfeed-comments__input'
            value={draft}
            maxlength={VIDEO_COMMENT_MAX}
            placeholder='说点什么，评论会以弹幕出现'
            confirmType='send'
            onInput={(e) => onDraft(e.detail.value)}
            onConfirm={onSend}
          />
          <View className={`vfeed-comments__send ${draft.trim() ? '' : 'vfeed-comments__send--off'}`} onClick={onSend}>
            发送
          </View>
        </View>
      </View>
    </Popup>
  )
}
