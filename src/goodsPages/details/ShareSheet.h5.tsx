import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Canvas, Image, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { Image as ImageIcon, Link } from '@nutui/icons-react-taro'
import { drawGoodsPoster, POSTER_H, POSTER_ID, POSTER_W } from '@/agentBackendPages/goodsShare/poster'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { useUserStore } from '@/stores/user'
import { copyText } from '@/utils/clipboard'
import { yuan } from '@/utils/money'
import type { ShareSheetProps } from './ShareSheet'
import './ShareSheet.scss'

/** Resolves once the poster canvas is drawn (Taro's canvas element is defined from its own chunk on H5). */
async function posterCanvasReady(timeoutMs = 3000) {
  const started = Date.now()
  while (!document.querySelector(`#${POSTER_ID} canvas, canvas#${POSTER_ID}`)) {
    if (Date.now() - started > timeoutMs) return
    await new Promise((r) => setTimeout(r, 50))
  }
}


/**
 * Sharing a goods outside WeChat (any browser): a poster with the goods, its price and the QR of the link,
 * or the link copied. In WeChat the share menu does it (mini-program ··· / the browser's JS-SDK card).
 */
export default function ShareSheet({ visible, onClose, goods, title, path }: ShareSheetProps) {
  const shopName = useUserStore((s) => s.userInfo.shopName || '')
  const [poster, setPoster] = useState('')
  const [drawing, setDrawing] = useState(false)
  const link = `${window.location.origin}${path}`

  const makePoster = async () => {
    if (drawing) return
    setDrawing(true)
    Taro.showLoading({ title: '生成中' })
    try {
      await posterCanvasReady()
      setPoster(await drawGoodsPoster({ shopName, title, goodsName: goods.name, price: yuan(goods.price), originalPrice: yuan(goods.originalPrice), image: assetUrl(goods.mainImage), code: '', link }))
      onClose()
    } catch {
      toast('海报生成失败，请重试')
    } finally {
      Taro.hideLoading()
      setDrawing(false)
    }
  }

  const copyLink = async () => {
    if (await copyText(link)) onClose()
  }

  const savePoster = () => {
    const a = document.createElement('a')
    a.href = poster
    a.download = `${goods.name}.png`
    document.body.appendChild(a)
    a.click()
    a.remove()
    toast('海报已下载')
  }

  return (
    <>
      <Popup visible={visible} position='bottom' round title='分享给好友' closeable onClose={onClose}>
        <View className='share-sheet'>
          <View className='share-sheet__item' onClick={makePoster}>
            <View className='share-sheet__icon'>
              <ImageIcon size={24} />
            </View>
            <Text>生成海报</Text>
          </View>
          <View className='share-sheet__item' onClick={copyLink}>
            <View className='share-sheet__icon'>
              <Link size={24} />
            </View>
            <Text>复制链接</Text>
          </View>
        </View>
        {visible || drawing ? <Canvas type='2d' id={POSTER_ID} className='share-sheet__canvas' style={{ width: `${POSTER_W}px`, height: `${POSTER_H}px` }} /> : null}
      </Popup>
      <Popup visible={!!poster} round closeable onClose={() => setPoster('')}>
        <View className='share-sheet__poster'>
          <Image className='share-sheet__poster-img' src={poster} style={{ width: `${POSTER_W * 0.85}px`, height: `${POSTER_H * 0.85}px` }} mode='aspectFit' />
          <Text className='share-sheet__hint'>长按图片可保存或发送给好友</Text>
          <Button type='primary' block onClick={savePoster}>
            保存海报
          </Button>
        </View>
      </Popup>
    </>
  )
}
