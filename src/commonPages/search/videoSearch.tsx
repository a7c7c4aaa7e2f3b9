import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { SearchBar } from '@nutui/nutui-react-taro'
import { Del } from '@nutui/icons-react-taro'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import VideoGrid from '@/components/VideoFeed/VideoGrid'
import VideoFeedOverlay from '@/components/VideoFeed/Overlay'
import { searchVideos } from '@/api/video'
import { usePagedList } from '@/hooks/usePagedList'
import { useCommonStore } from '@/stores/common'
import { confirm } from '@/core/toast'
import './videoSearch.scss'

/** Video search with its own history (common store videoSearchRecord: newest first, at most 10, apart from goods). */
export default function VideoSearchPage() {
  const history = useCommonStore((s) => s.videoSearchRecord)
  const addVideoSearch = useCommonStore((s) => s.addVideoSearch)
  const clearVideoSearch = useCommonStore((s) => s.clearVideoSearch)
  const [keyword, setKeyword] = useState('')
  const [searched, setSearched] = useState('')
  // Each search (the same term again too) loads its first page afresh; the next pages at the bottom or on 加载更多.
  const [searchNo, setSearchNo] = useState(0)
  const [open, setOpen] = useState<number | null>(null)
  const list = usePagedList((page, size) => searchVideos(searched, page, size), [searched, searchNo], { pageSize: 20, enabled: !!searched })
  const results = list.list
  useReachBottom(() => {
    list.loadMore()
  })

  const run = (term: string) => {
    const t = String(term ?? '').trim()
    if (!t) return
    addVideoSearch(t)
    setKeyword(t)
    setSearched(t)
    setSearchNo((n) => n + 1)
  }

  const clear = async () => {
    if (await confirm('确定清空搜索历史吗？')) clearVideoSearch()
  }

  return (
    <PageLayout variant='back' title='搜索视频'>
      <View className='vsearch__bar'>
        <SearchBar
          value={keyword}
          placeholder='搜索视频或作者'
          onChange={(v) => typeof v === 'string' && setKeyword(v)}
          onSearch={(v) => run(typeof v === 'string' ? v : keyword)}
          right={
            <Text className='vsearch__go' onClick={() => run(keyword)}>
              搜索
            </Text>
          }
        />
      </View>
      {!searched && (
        <View className='vsearch__history'>
          <View className='vsearch__history-head'>
            <Text>搜索历史</Text>
            {history.length > 0 && (
              <View onClick={clear} aria-label='清空搜索历史'>
                <Del size={16} />
              </View>
            )}
          </View>
          {history.length === 0 ? (
            <Text className='muted'>暂无搜索记录</Text>
          ) : (
            <View className='vsearch__tags'>
              {history.map((h) => (
                <Text key={h} className='vsearch__tag' onClick={() => run(h)}>
                  {h}
                </Text>
              ))}
            </View>
          )}
        </View>
      )}
      {searched && (
        <View className='vsearch__results'>
          <VideoGrid videos={results} onOpen={setOpen} />
          <ListFooter
            loading={list.loading}
            finished={list.finished}
            error={list.error}
            empty={list.loaded && !results.length}
            emptyText={`没有找到“${searched}”相关的视频`}
            onRetry={list.reload}
            onMore={list.loadMore}
          />
        </View>
      )}
      {open !== null && <VideoFeedOverlay videos={results} index={open} onClose={() => setOpen(null)} />}
    </PageLayout>
  )
}
