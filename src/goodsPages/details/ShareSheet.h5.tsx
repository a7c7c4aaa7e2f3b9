import { Canvas, Image, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { Image as ImageIcon, Link } from '@nutui/icons-react-taro'
import { usePoster } from '@/components/Poster'
import { drawGoodsPoster, GOODS_POSTER } from '@/components/Poster/goodsPoster'
import { assetUrl } from '@/core/request'
import { useShopInfo } from '@/core/shopInfo'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { savePoster } from '@/platform/poster'
import { useUserStore } from '@/stores/user'
import { copyText } from '@/utils/clipboard'
import { yuan } from '@/utils/money'
import type { ShareSheetProps } from './ShareSheet'
import './ShareSheet.scss'

/**
 * Sharing a goods outside WeChat (any browser): a poster with the goods, its price and the QR of the link,
 * or the link copied. In WeChat the share menu does it (mini-program ··· / the browser's JS-SDK card).
 */
export default function ShareSheet({ visible, onClose, goods, title, path }: ShareSheetProps) {
  // The poster names the agent's own shop, else the shop (设置 → 店铺).
  const shop = useShopInfo()
  const shopName = useUserStore((s) => s.userInfo.shopName) || shop?.shopName || ''
  const { poster, drawing, make, close } = usePoster()
  const link = `${window.location.origin}${path}`
  const sheetDialog = useDialogFocus(visible, '分享给好友', onClose)
  const posterDialog = useDialogFocus(!!poster, '海报', close)

  const makePoster = async () => {
    // drawPoster waits for the canvas (Taro's canvas element is defined from its own chunk on H5).
    const drawn = await make(() =>
      drawGoodsPoster({ shopName, title, goodsName: goods.name, price: yuan(goods.price), originalPrice: yuan(goods.originalPrice), image: assetUrl(goods.mainImage), code: '', link }),
    )
    if (drawn) onClose()
  }

  const copyLink = async () => {
    if (await copyText(link)) onClose()
  }

  return (
    <>
      <Popup visible={visible} position='bottom' round title='分享给好友' closeable className={sheetDialog} onClose={onClose}>
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
        {visible || drawing ? <Canvas type='2d' id={GOODS_POSTER.id} className='share-sheet__canvas' style={{ width: `${GOODS_POSTER.width}px`, height: `${GOODS_POSTER.height}px` }} /> : null}
      </Popup>
      <Popup visible={!!poster} round closeable className={posterDialog} onClose={close}>
        <View className='share-sheet__poster'>
          <Image className='share-sheet__poster-img' src={poster} style={{ width: `${GOODS_POSTER.width * 0.85}px`, height: `${GOODS_POSTER.height * 0.85}px` }} mode='aspectFit' />
          <Text className='share-sheet__hint'>长按图片可保存或发送给好友</Text>
          <Button type='primary' block onClick={() => savePoster(poster, `${goods.name}.png`)}>
            保存海报
          </Button>
        </View>
      </Popup>
    </>
  )
}
