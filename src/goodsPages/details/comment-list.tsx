import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Rate } from '@nutui/nutui-react-taro'
import type { CommentPage, GoodsComment } from '@contract/goods'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getCommentList } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { fromNow } from '@/utils/time'
import { previewImages } from '@/platform/preview'
import './comment-list.scss'

const preview = (urls: string[], i: number) => previewImages(urls.map(assetUrl), assetUrl(urls[i]))

function CommentItem({ c }: { c: GoodsComment }) {
  return (
    <View className='comment-item'>
      <View className='comment-item__user'>
        <View className='comment-item__avatar'>{c.avatar ? <Image className='comment-item__avatar-img' src={assetUrl(c.avatar)} /> : c.nickname.slice(0, 1)}</View>
        <View className='comment-item__who'>
          <Text className='comment-item__name'>{c.nickname}</Text>
          <Rate value={c.rating} readOnly count={5} />
        </View>
        <Text className='comment-item__time'>{fromNow(c.createdAt)}</Text>
      </View>
      {c.specText && <Text className='comment-item__spec'>{c.specText}</Text>}
      <Text className='comment-item__text'>{c.content}</Text>
      {c.images.length > 0 && (
        <View className='comment-item__imgs'>
          {c.images.map((src, i) => (
            <Image key={src} className='comment-item__img' src={assetUrl(src)} mode='aspectFill' aria-label={`评价图片${i + 1}`} onClick={() => preview(c.images, i)} />
          ))}
        </View>
      )}
      {c.followUp && (
        <View className='comment-item__follow'>
          <Text className='comment-item__follow-title'>追加评价</Text>
          <Text className='comment-item__text'>{c.followUp.content}</Text>
          {c.followUp.images.length > 0 && (
            <View className='comment-item__imgs'>
              {c.followUp.images.map((src, i) => (
                <Image key={src} className='comment-item__img' src={assetUrl(src)} mode='aspectFill' aria-label={`追评图片${i + 1}`} onClick={() => preview(c.followUp!.images, i)} />
              ))}
            </View>
          )}
        </View>
      )}
      {c.reply && <Text className='comment-item__reply'>商家回复：{c.reply.content}</Text>}
    </View>
  )
}

/** All reviews of a goods, or only those with pictures; paged; pictures open full screen. */
export default function DetailsCommentListPage() {
  const { goodsId } = usePageParams<{ goodsId: string }>()
  const [hasImage, setHasImage] = useState<0 | 1>(0)
  const [counts, setCounts] = useState({ count: 0, withImageCount: 0 })
  const list = usePagedList(
    (page, pageSize) =>
      getCommentList({ goodsId: Number(goodsId), hasImage, page, pageSize }).then((res: CommentPage) => {
        setCounts({ count: res.count, withImageCount: res.withImageCount })
        return res
      }),
    [goodsId, hasImage],
    { enabled: !!Number(goodsId), pageSize: 10 },
  )
  useReachBottom(() => {
    list.loadMore()
  })

  return (
    <PageLayout variant='back' title='商品评价' className='comment-list'>
      <View className='comment-list__tabs'>
        <Text className={`comment-list__tab ${hasImage === 0 ? 'comment-list__tab--active' : ''}`} onClick={() => setHasImage(0)}>
          全部（{counts.count}）
        </Text>
        <Text className={`comment-list__tab ${hasImage === 1 ? 'comment-list__tab--active' : ''}`} onClick={() => setHasImage(1)}>
          有图（{counts.withImageCount}）
        </Text>
      </View>
      {list.list.map((c) => (
        <CommentItem key={c.id} c={c} />
      ))}
      <ListFooter
        loading={list.loading}
        finished={list.finished}
        error={list.error}
        empty={list.loaded && !list.list.length}
        emptyText={hasImage ? '暂无带图评价' : '暂无评价'}
        onRetry={list.loadMore}
      />
    </PageLayout>
  )
}
