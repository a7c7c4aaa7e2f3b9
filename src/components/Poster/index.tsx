import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Canvas, Image, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { toast } from '@/core/toast'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { savePoster, type PosterCanvasSpec } from '@/platform/poster'
import './index.scss'

/** A poster being made: `make(draw)` shows the loading toast, keeps the picture, says so when drawing fails. */
export function usePoster() {
  const [poster, setPoster] = useState('')
  const [drawing, setDrawing] = useState(false)
  /** Resolves true once the poster is drawn. */
  const make = async (draw: () => Promise<string>): Promise<boolean> => {
    if (drawing) return false
    setDrawing(true)
    Taro.showLoading({ title: '生成中' })
    try {
      setPoster(await draw())
      return true
    } catch {
      toast('海报生成失败，请重试')
      return false
    } finally {
      Taro.hideLoading()
      setDrawing(false)
    }
  }
  return { poster, drawing, make, close: () => setPoster('') }
}

/** The (off-screen) canvas drawPoster() draws on. */
export function PosterCanvas({ spec }: { spec: PosterCanvasSpec }) {
  return <Canvas type='2d' canvasId={spec.id} id={spec.id} className='poster-canvas' style={{ width: `${spec.width}px`, height: `${spec.height}px` }} />
}

export interface PosterPopupProps {
  spec: PosterCanvasSpec
  /** The drawn poster ('' keeps the popup closed). */
  poster: string
  /** The file name of the download on H5. */
  fileName: string
  onClose: () => void
  /** The popup's content class (its picture is `${className}__img`). */
  className?: string
  /** A line under the picture (e.g. that a long press saves it). */
  hint?: string
}

/** The drawn poster in a popup, with 下载海报 (H5) / 保存到相册 (mini-program; long press also works there). */
export function PosterPopup({ spec, poster, fileName, onClose, className = 'poster-popup', hint }: PosterPopupProps) {
  const dialogClass = useDialogFocus(!!poster, '海报', onClose)
  return (
    <Popup visible={!!poster} round closeable className={dialogClass} onClose={onClose}>
      <View className={`poster-popup ${className}`}>
        <Image className={`${className}__img`} src={poster} style={{ width: `${spec.width * 0.85}px`, height: `${spec.height * 0.85}px` }} mode='aspectFit' showMenuByLongpress />
        {hint ? <Text className='poster-popup__hint'>{hint}</Text> : null}
        <Button type='primary' block onClick={() => savePoster(poster, fileName)}>
          {process.env.TARO_ENV === 'h5' ? '下载海报' : '保存到相册'}
        </Button>
      </View>
    </Popup>
  )
}
