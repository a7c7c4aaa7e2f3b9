import { useState } from 'react'
import Taro from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Close, Photograph } from '@nutui/icons-react-taro'
import { assetUrl } from '@/core/request'
import { uploadMedia } from '@/api/upload'
import { toast } from '@/core/toast'
import { previewImages } from '@/platform/preview'
import './index.scss'

export interface PhotoUploaderProps {
  /** Server paths from /api/upload. */
  value: string[]
  onChange: (paths: string[]) => void
  /** At most this many (the framework default: 9). */
  max?: number
  label?: string
  disabled?: boolean
}

/**
 * Picks images (album or camera) and uploads each through uploadMedia() of api/upload; shows thumbnails that
 * open full screen and can be removed, and an add tile with the count, until `max` is reached.
 */
export default function PhotoUploader({ value, onChange, max = 9, label = '上传图片', disabled }: PhotoUploaderProps) {
  const [busy, setBusy] = useState(0)
  const left = Math.max(0, max - value.length)

  const pick = async () => {
    if (disabled || busy || left <= 0) return
    let files: string[] = []
    try {
      const res = await Taro.chooseImage({ count: left, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      files = (res.tempFilePaths || []).slice(0, left)
    } catch {
      return // the member closed the picker
    }
    if (!files.length) return
    setBusy(files.length)
    const added: string[] = []
    for (const f of files) {
      try {
        const r = await uploadMedia(f)
        added.push(r.url)
      } catch {
        // the request layer has shown the reason
      }
      setBusy((n) => Math.max(0, n - 1))
    }
    setBusy(0)
    if (added.length) onChange([...value, ...added].slice(0, max))
    else toast('图片上传失败，请重试')
  }

  const remove = (i: number) => onChange(value.filter((_, k) => k !== i))
  const preview = (i: number) => previewImages(value.map(assetUrl), assetUrl(value[i]))

  return (
    <View className='photo-uploader'>
      {value.map((p, i) => (
        <View key={p} className='photo-uploader__item'>
          <Image className='photo-uploader__img' src={assetUrl(p)} mode='aspectFill' onClick={() => preview(i)} />
          {!disabled && (
            <View className='photo-uploader__del' onClick={() => remove(i)} aria-label='删除图片'>
              <Close size={10} color='#fff' />
            </View>
          )}
        </View>
      ))}
      {left > 0 && !disabled && (
        <View className={`photo-uploader__add ${busy ? 'photo-uploader__add--busy' : ''}`} onClick={pick}>
          <Photograph size={22} color='#999' />
          <Text className='photo-uploader__label'>{busy ? '上传中…' : label}</Text>
          <Text className='photo-uploader__count'>
            {value.length}/{max}
          </Text>
        </View>
      )}
    </View>
  )
}
