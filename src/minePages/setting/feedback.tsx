import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input, TextArea } from '@nutui/nutui-react-taro'
import type { FeedbackItem, FeedbackType } from '@contract/feedback'
import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES, FEEDBACK_MIN_CHARS, FEEDBACK_TYPES } from '@contract/feedback'
import PageLayout from '@/components/PageLayout'
import PhotoUploader from '@/components/PhotoUploader'
import { getMyFeedback, submitFeedback } from '@/api/feedback'
import { requireLogin } from '@/core/auth'
import { toast } from '@/core/toast'
import { formatTime } from '@/utils/time'
import { countChars } from '@/utils/reviewForm'
import './setting.scss'

const FEEDBACK_STATUS_TEXT: Record<FeedbackItem['status'], string> = { new: '待处理', read: '已查看', replied: '已回复', closed: '已关闭' }

/** 意见反馈: type, description, screenshots and a contact; my earlier feedback below. */
export default function SettingFeedbackPage() {
  const [type, setType] = useState<FeedbackType | null>(null)
  const [content, setContent] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [contact, setContact] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [history, setHistory] = useState<FeedbackItem[]>([])

  useDidShow(() => {
    if (requireLogin()) getMyFeedback().then(setHistory)
  })

  const submit = async () => {
    if (submitting) return
    if (!type) return toast('请选择反馈类型')
    if (countChars(content.trim()) < FEEDBACK_MIN_CHARS) return toast(`请至少填写${FEEDBACK_MIN_CHARS}个字的问题描述`)
    setSubmitting(true)
    try {
      await submitFeedback({ type, content: content.trim(), images, contact: contact.trim() }, { catch: true })
      toast('感谢您的反馈', 'success')
      setType(null)
      setContent('')
      setImages([])
      setContact('')
      setHistory(await getMyFeedback())
    } catch {
      // shown by the request layer
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageLayout variant='back' title='意见反馈' className='set-page'>
      <View className='card fb-form'>
        <Text className='fb-title'>反馈类型</Text>
        <View className='fb-types'>
          {FEEDBACK_TYPES.map((t) => (
            <Text key={t.value} className={`fb-type ${type === t.value ? 'fb-type--on' : ''}`} onClick={() => setType(t.value)}>
              {t.text}
            </Text>
          ))}
        </View>
        <Text className='fb-title'>问题描述</Text>
        <TextArea className='fb-text' value={content} maxLength={FEEDBACK_MAX_CHARS} showCount placeholder={`请详细描述您遇到的问题或建议（至少${FEEDBACK_MIN_CHARS}个字）`} onChange={setContent} />
        <Text className='fb-title'>
          图片<Text className='fb-sub'>（选填，最多{FEEDBACK_MAX_IMAGES}张）</Text>
        </Text>
        <PhotoUploader value={images} max={FEEDBACK_MAX_IMAGES} label='上传截图' onChange={setImages} />
        <Text className='fb-title'>联系方式</Text>
        <Input className='fb-contact' value={contact} maxLength={50} placeholder='手机号/微信号/邮箱（选填），方便我们联系您' onChange={setContact} />
        <Button type='primary' block loading={submitting} onClick={submit} className='fb-submit'>
          提交反馈
        </Button>
      </View>
      {history.length > 0 && (
        <View className='card'>
          <Text className='fb-title'>我的反馈</Text>
          {history.map((h) => (
            <View key={h.id} className='fb-item'>
              <View className='fb-item__head'>
                <Text className='fb-item__type'>{h.typeText}</Text>
                <Text className='fb-item__time'>{formatTime(h.createdAt)}</Text>
              </View>
              <Text className='fb-item__text'>{h.content}</Text>
              <Text className='fb-item__status'>{FEEDBACK_STATUS_TEXT[h.status] || '待处理'}</Text>
              {h.reply && <Text className='fb-item__reply'>客服回复：{h.reply}</Text>}
            </View>
          ))}
        </View>
      )}
    </PageLayout>
  )
}
