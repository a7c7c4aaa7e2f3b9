import { useEffect, useState } from 'react'
import { Button as TaroButton, Image, Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { ActingGoods, ShareGoodsInfo } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { PosterCanvas, PosterPopup, usePoster } from '@/components/Poster'
import { drawGoodsPoster, GOODS_POSTER } from '@/components/Poster/goodsPoster'
import { getActingGoods, getShareGoods } from '@/api/agent'
import { getWxACode } from '@/api/wechat'
import { requireLogin } from '@/core/auth'
import { navigateTo, usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { drawableImage } from '@/platform/poster'
import { buildShare, h5Link, useShare } from '@/platform/share'
import { useUserStore } from '@/stores/user'
import { copyText } from '@/utils/clipboard'
import { yuan } from '@/utils/money'
import { usePagedList } from '@/hooks/usePagedList'
import { leaveIfNotAgent, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

/**
 * Share a goods of the shop: the share card (title per the spec: the default secret line with the shop name
 * appended; the link carries sUid and bUid), a poster with the mini-program code (or the QR of the H5 link
 * where no code can be made), and the H5 link to copy. Without a goods id: pick one of the shop's goods.
 */
export default function GoodsShareIndexPage() {
  const params = usePageParams<{ goodsId: string }>()
  const [goodsId, setGoodsId] = useState(Number(params.goodsId) || 0)
  const userInfo = useUserStore((s) => s.userInfo)
  const [info, setInfo] = useState<ShareGoodsInfo | null>(null)
  const [code, setCode] = useState('')
  const poster = usePoster()

  useEffect(() => {
    if (!goodsId || !requireLogin()) return
    setInfo(null)
    setCode('')
    getShareGoods(goodsId, { catch: true })
      .then((r) => {
        setInfo(r)
        // The mini-program code of this goods for this agent (sUid / bUid added by the server); none where WeChat is not configured.
        getWxACode({ page: r.page, id: r.goods.id }, { catch: true, toast: false }).then(
          (c) => setCode(c.image),
          () => setCode(''),
        )
      })
      .catch(leaveIfNotAgent)
  }, [goodsId])

  const share = () => buildShare(ROUTES.goodsDetails, { query: { id: goodsId }, imageUrl: info ? assetUrl(info.goods.mainImage) : undefined })
  useShare(share, [goodsId, info?.goods.id, userInfo.shopName])
  const content = share()
  const link = h5Link(content.path)

  const makePoster = () =>
    info &&
    poster.make(async () => {
      const [image, codeImage] = await Promise.all([drawableImage(assetUrl(info.goods.mainImage)), drawableImage(code)])
      return drawGoodsPoster({
        shopName: userInfo.shopName || '',
        title: content.title,
        goodsName: info.goods.name,
        price: yuan(info.goods.price),
        originalPrice: yuan(info.goods.originalPrice),
        image,
        code: codeImage,
        link,
      })
    })

  if (!goodsId) return <GoodsPicker onPick={setGoodsId} />

  return (
    <PageLayout variant='back' title='商品分享'>
      {info && (
        <>
          <View className='agent-panel share-card'>
            <Text className='share-card__label'>好友看到的分享卡片</Text>
            <View className='share-card__box'>
              <Text className='share-card__title'>{content.title}</Text>
              <Image className='share-card__img' src={assetUrl(info.goods.mainImage)} mode='aspectFill' />
              <Text className='share-card__goods agent-ellipsis'>{info.goods.name}</Text>
            </View>
            <View className='share-card__money'>
              <Text className='agent-money'>¥{yuan(info.goods.price)}</Text>
              {info.onShelf ? <Text className='share-card__earn'>好友购买您预计赚 ¥{yuan(info.commission)}</Text> : <Text className='share-card__warn'>该商品未在您的店铺上架，购买不产生佣金</Text>}
            </View>
            {!info.onShelf && (
              <Text className='share-card__fix' onClick={() => navigateTo(ROUTES.agentGoods)}>
                去代理商品上架 ›
              </Text>
            )}
          </View>

          <View className='agent-panel'>
            <Text className='agent-panel__title'>分享链接</Text>
            <Text className='share-link' selectable>
              {link}
            </Text>
            <Text className='share-hint'>好友通过链接或小程序码注册后与您的店铺绑定，此后购买店铺在售商品您都可获得佣金</Text>
          </View>

          <View className='share-actions'>
            {process.env.TARO_ENV === 'weapp' ? (
              <TaroButton openType='share' className='nut-button nut-button--primary nut-button--normal share-actions__btn'>
                分享给好友
              </TaroButton>
            ) : (
              <Button type='primary' className='share-actions__btn' onClick={() => copyText(link)}>
                复制链接
              </Button>
            )}
            <Button type='primary' fill='outline' className='share-actions__btn' loading={poster.drawing} onClick={makePoster}>
              生成海报
            </Button>
          </View>
          {!code && <Text className='share-note'>当前环境无法生成小程序码，海报中将使用网页二维码</Text>}
        </>
      )}
      {!info && <View className='empty-hint'>加载中...</View>}
      <PosterCanvas spec={GOODS_POSTER} />
      <PosterPopup spec={GOODS_POSTER} poster={poster.poster} fileName={`分享海报-${info?.goods.name || goodsId}.png`} onClose={poster.close} className='share-poster' />
    </PageLayout>
  )
}

/** No goods chosen yet: the shop's goods on the shelf, tap one to share it. */
function GoodsPicker({ onPick }: { onPick: (id: number) => void }) {
  const logged = useLoginOnce()
  const list = usePagedList<ActingGoods>(
    (page, pageSize) =>
      getActingGoods({ tab: 'on', page, pageSize }, { catch: true }).catch((e) => {
        leaveIfNotAgent(e)
        throw e
      }),
    [],
    { enabled: logged, key: (g) => g.goodsId },
  )
  return (
    <PageLayout variant='back' title='商品分享'>
      <Text className='share-pick-tip'>选择要分享的店铺商品</Text>
      {list.list.map((g) => (
        <View key={g.goodsId} className='share-pick' onClick={() => onPick(g.goodsId)}>
          <Image className='agent-thumb' src={assetUrl(g.mainImage)} mode='aspectFill' />
          <View className='share-pick__info'>
            <Text className='share-pick__name agent-ellipsis-2'>{g.name}</Text>
            <View className='share-pick__row'>
              <Text className='agent-money'>¥{yuan(g.price)}</Text>
              <Text className='share-card__earn'>赚 ¥{yuan(g.commission)}</Text>
            </View>
          </View>
          <Text className='share-pick__go'>分享</Text>
        </View>
      ))}
      <ListFooter
        loading={list.loading}
        finished={list.finished}
        error={list.error}
        empty={list.loaded && !list.list.length}
        emptyText='店铺还没有在售商品，先去添加代理商品吧'
        onRetry={list.reload}
      />
      {list.loaded && !list.list.length && (
        <View className='share-pick-empty'>
          <Button type='primary' onClick={() => navigateTo(ROUTES.agentGoods)}>
            去添加代理商品
          </Button>
        </View>
      )}
    </PageLayout>
  )
}
