import { useState } from 'react'
import Taro from '@tarojs/taro'
import { Button as TaroButton, Canvas, Image, Text, View } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import type { BusinessCardPublic } from '@contract/businessCard'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import { previewCard } from '@/api/businessCard'
import { useLoadById } from '@/hooks/useLoadById'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import { copyText, dial } from '@/utils/clipboard'
import CardView from './CardView'
import { drawPoster, POSTER_H, POSTER_ID, POSTER_W } from './poster'
import './card.scss'

/**
 * A card as others see it: anyone with the link (id) may view it. Dial, copy the WeChat id, share the card
 * (WeChat card in the mini-program / WeChat browser; the link carries sUid and bUid), save a poster.
 */
export default function BusinessCardPreviewPage() {
  const { id, data: card, state, reload } = useLoadById<BusinessCardPublic>(previewCard)
  const [poster, setPoster] = useState('')
  const [drawing, setDrawing] = useState(false)

  const share = () => buildShare(ROUTES.cardPreview, { title: card ? `${card.name}的名片${card.company ? ` · ${card.company}` : ''}` : '名片', imageUrl: card?.avatar ? assetUrl(card.avatar) : undefined, query: { id: id ?? '' } })
  useShare(share, [card?.id])

  const shareUrl = () => (process.env.TARO_ENV === 'h5' ? `${window.location.origin}${share().path}` : `${assetUrl('/')}${share().path.replace(/^\//, '')}`)

  const makePoster = async () => {
    if (!card || drawing) return
    setDrawing(true)
    Taro.showLoading({ title: '生成中' })
    try {
      let avatar = ''
      if (card.avatar) {
        avatar = process.env.TARO_ENV === 'h5' ? assetUrl(card.avatar) : (await Taro.getImageInfo({ src: assetUrl(card.avatar) }).catch(() => null))?.path || ''
      }
      setPoster(await drawPoster(card, avatar, shareUrl()))
    } catch {
      toast('海报生成失败，请重试')
    } finally {
      Taro.hideLoading()
      setDrawing(false)
    }
  }

  const savePoster = async () => {
    if (!poster) return
    if (process.env.TARO_ENV === 'h5') {
      const a = document.createElement('a')
      a.href = poster
      a.download = `名片-${card?.name || id}.png`
      document.body.appendChild(a)
      a.click()
      a.remove()
      toast('海报已下载')
      return
    }
    try {
      await Taro.saveImageToPhotosAlbum({ filePath: poster })
      toast('已保存到相册', 'success')
    } catch (e: any) {
      if (/auth/i.test(String(e?.errMsg || ''))) {
        const r = await Taro.showModal({ title: '提示', content: '需要相册权限才能保存海报，去设置开启？', confirmColor: '#AF57FF' })
        if (r.confirm) Taro.openSetting()
      } else toast('保存失败')
    }
  }

  return (
    <PageLayout variant='back' title='名片'>
      <LoadEmptyState state={state} missing='链接不完整，没有找到这张名片' failed='名片不存在或已删除' onRetry={reload} />
      {card && (
        <>
          <CardView card={card} />
          {card.intro ? (
            <View className='bcard-intro'>
              <Text className='bcard-intro__title'>个人简介</Text>
              <Text>{card.intro}</Text>
            </View>
          ) : null}
          <View className='bcard-actions'>
            <Button type='primary' onClick={() => dial(card.phone)}>
              拨打电话
            </Button>
            <Button type='primary' fill='outline' onClick={() => copyText(card.wechat)}>
              复制微信号
            </Button>
            {process.env.TARO_ENV === 'weapp' ? (
              <TaroButton openType='share' className='nut-button nut-button--default nut-button--normal'>
                分享名片
              </TaroButton>
            ) : (
              <Button fill='outline' onClick={() => copyText(shareUrl())}>
                复制分享链接
              </Button>
            )}
            <Button fill='outline' loading={drawing} onClick={makePoster}>
              生成海报
            </Button>
          </View>
          <View className='bcard-views'>
            {card.views}次查看
            {card.isOwner && (
              <Text style={{ marginLeft: '12px', color: 'var(--app-primary)' }} onClick={() => navigateTo(ROUTES.cardEdit, { id })}>
                编辑名片
              </Text>
            )}
          </View>
        </>
      )}
      <Canvas type='2d' canvasId={POSTER_ID} id={POSTER_ID} className='bcard-poster-canvas' style={{ width: `${POSTER_W}px`, height: `${POSTER_H}px` }} />
      <Popup visible={!!poster} round onClose={() => setPoster('')} closeable>
        <View style={{ padding: '16px', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px' }}>
          <Image src={poster} style={{ width: `${POSTER_W * 0.85}px`, height: `${POSTER_H * 0.85}px` }} mode='aspectFit' showMenuByLongpress />
          <Button type='primary' block onClick={savePoster}>
            {process.env.TARO_ENV === 'h5' ? '下载海报' : '保存到相册'}
          </Button>
        </View>
      </Popup>
    </PageLayout>
  )
}
