import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { SearchBar } from '@nutui/nutui-react-taro'
import { Del } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import PageLayout from '@/components/PageLayout'
import VideoGrid from '@/components/VideoFeed/VideoGrid'
import VideoFeedOverlay from '@/components/VideoFeed/Overlay'
import { searchVideos } from '@/api/video'
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
  const [results, setResults] = useState<VideoItem[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  const [open, setOpen] = useState<number | null>(null)

  const run = async (term: string, next = 1) => {
    const t = String(term ?? '').trim()
    if (!t) return
    if (next === 1) {
      addVideoSearch(t)
      setKeyword(t)
      setSearched(t)
    }
    setLoading(true)
    try {
      const res = await searchVideos(t, next)
      setResults((r) => (next === 1 ? res.list : [...r, ...res.list]))
      setTotal(res.total)
      setPage(next)
    } catch {
      if (next === 1) setResults([])
    } finally {
      setLoading(false)
    }
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
          {results.length === 0 && !loading ? <View className='empty-hint'>没有找到“{searched}”相关的视频</View> : <VideoGrid videos={results} onOpen={setOpen} />}
          {results.length > 0 && results.length < total && (
            <View className='vsearch__more' onClick={() => !loading && run(searched, page + 1)}>
              {loading ? '加载中…' : '加载更多'}
            </View>
          )}
        </View>
      )}
      {open !== null && <VideoFeedOverlay videos={results} index={open} onClose={() => setOpen(null)} />}
    </PageLayout>
  )
}
