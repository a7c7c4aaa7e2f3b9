import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import type { NoticeItem } from '@contract/content'
import PageLayout from '@/components/PageLayout'
import { getNotices } from '@/api/content'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import '../content.scss'

/** The shop's notices, pinned first. */
export default function NoticeListPage() {
  const [list, setList] = useState<NoticeItem[]>([])
  const [total, setTotal] = useState(-1)
  const [page, setPage] = useState(1)
  const [failed, setFailed] = useState(false)
  const [loading, setLoading] = useState(false)

  const load = async (next: number) => {
    setLoading(true)
    setFailed(false)
    try {
      const res = await getNotices(next)
      setList((l) => (next === 1 ? res.list : [...l, ...res.list]))
      setTotal(res.total)
      setPage(next)
    } catch {
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }
  useEffect(() => {
    load(1)
  }, [])

  return (
    <PageLayout variant='back' title='公告'>
      <View className='content-list'>
        {list.map((n) => (
          <View key={n.id} className='content-card' onClick={() => navigateTo(ROUTES.noticeDetails, { id: n.id })}>
            <View className='content-card__text'>
              <Text className='content-card__title'>
                {n.isTop && <Text className='content-card__top'>置顶</Text>}
                {n.title}
              </Text>
              {n.summary ? <Text className='content-card__summary'>{n.summary}</Text> : null}
              <Text className='content-card__meta'>
                {formatTime(n.createdAt, 'YYYY-MM-DD')} · {n.views}次浏览
              </Text>
            </View>
          </View>
        ))}
        {total === 0 && <View className='empty-hint'>暂无公告</View>}
        {failed && (
          <View className='content-more' onClick={() => load(page)}>
            加载失败，点击重试
          </View>
        )}
        {!failed && list.length > 0 && list.length < total && (
          <View className='content-more' onClick={() => !loading && load(page + 1)}>
            {loading ? '加载中…' : '加载更多'}
          </View>
        )}
      </View>
    </PageLayout>
  )
}
