import { Button as TaroButton, Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { BusinessCardPublic } from '@contract/businessCard'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import { PosterCanvas, PosterPopup, usePoster } from '@/components/Poster'
import { previewCard } from '@/api/businessCard'
import { useLoadById } from '@/hooks/useLoadById'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { drawableImage } from '@/platform/poster'
import { buildShare, useShare } from '@/platform/share'
import { copyText, dial } from '@/utils/clipboard'
import CardView from './CardView'
import { CARD_POSTER, drawCardPoster } from './poster'
import './card.scss'

/**
 * A card as others see it: anyone with the link (id) may view it. Dial, copy the WeChat id, share the card
 * (WeChat card in the mini-program / WeChat browser; the link carries sUid and bUid), save a poster.
 */
export default function BusinessCardPreviewPage() {
  const { id, data: card, state, reload } = useLoadById<BusinessCardPublic>(previewCard)
  const poster = usePoster()

  const share = () =>
    buildShare(ROUTES.cardPreview, {
      title: card ? `${card.name}的名片${card.company ? ` · ${card.company}` : ''}` : '名片',
      imageUrl: card?.avatar ? assetUrl(card.avatar) : undefined,
      query: { id: id ?? '' },
    })
  useShare(share, [card?.id])

  const shareUrl = () => (process.env.TARO_ENV === 'h5' ? `${window.location.origin}${share().path}` : `${assetUrl('/')}${share().path.replace(/^\//, '')}`)

  const makePoster = () => card && poster.make(async () => drawCardPoster(card, card.avatar ? await drawableImage(assetUrl(card.avatar)) : '', shareUrl()))

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
            <Button fill='outline' loading={poster.drawing} onClick={makePoster}>
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
      <PosterCanvas spec={CARD_POSTER} />
      <PosterPopup spec={CARD_POSTER} poster={poster.poster} fileName={`名片-${card?.name || id}.png`} onClose={poster.close} className='bcard-poster' />
    </PageLayout>
  )
}
