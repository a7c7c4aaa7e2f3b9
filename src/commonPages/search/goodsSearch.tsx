import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { SearchBar } from '@nutui/nutui-react-taro'
import { Del, ArrowUp, ArrowDown } from '@nutui/icons-react-taro'
import { SEARCH_TOTAL_CAP, type GoodsSort } from '@contract/goods'
import PageLayout from '@/components/PageLayout'
import { GoodsGrid } from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import GuessYouLike from '@/components/GuessYouLike/lazy'
import { getHotWords, getSuggestions, searchGoods } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { usePageParams } from '@/core/nav'
import { confirm } from '@/core/toast'
import { useCommonStore } from '@/stores/common'
import './goodsSearch.scss'

export const SORT_TABS: Array<{ key: 'default' | 'sales' | 'price' | 'newest'; title: string }> = [
  { key: 'default', title: '综合' },
  { key: 'sales', title: '销量' },
  { key: 'price', title: '价格' },
  { key: 'newest', title: '新品' },
]

/** Tapping a sort tab: 价格 goes low→high first, then flips; the others select themselves. */
export function nextSort(current: GoodsSort, tab: (typeof SORT_TABS)[number]['key']): GoodsSort {
  if (tab === 'price') return current === 'price_asc' ? 'price_desc' : 'price_asc'
  return tab
}

/** "共找到36件商品"; past the server's count cap "共找到1000+件商品". */
export const resultCountText = (total: number, capped: boolean) => `共找到${capped ? `${SEARCH_TOTAL_CAP}+` : total}件商品`

/** How long typing must pause before suggestions are asked for (ms). */
export const SUGGEST_DELAY_MS = 250

/**
 * Suggestions for what is being typed: asked for once typing pauses SUGGEST_DELAY_MS, never for the term
 * already searched (`settled`); an answer that comes after the text changed again is dropped.
 */
export function useSuggestions(input: string, settled: string | undefined) {
  const [list, setList] = useState<{ term: string; names: string[] }>({ term: '', names: [] })
  const term = [...(input || '').trim()].slice(0, 32).join('')
  useEffect(() => {
    if (!term || term === settled) return
    let live = true
    const timer = setTimeout(() => {
      getSuggestions(term).then(
        (names) => live && setList({ term, names }),
        () => undefined,
      )
    }, SUGGEST_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [term, settled])
  return term && term !== settled && list.term === term ? list.names : []
}

/** Marks the typed text inside a suggestion (case-insensitive): [before, match, after]. */
export function splitMatch(name: string, typed: string): [string, string, string] {
  const i = typed ? name.toLowerCase().indexOf(typed.toLowerCase()) : -1
  if (i < 0) return [name, '', '']
  return [name.slice(0, i), name.slice(i, i + typed.length), name.slice(i + typed.length)]
}

const SORTS: GoodsSort[] = ['default', 'sales', 'price_asc', 'price_desc', 'newest']

interface Submitted {
  keyword: string
  categoryId?: number
  brandId?: number
}

/** Goods search: history (newest first, 10 at most), hot words, results with sort tabs and paging. */
export default function SearchGoodsSearchPage() {
  const params = usePageParams<{ keyword: string; categoryId: string; brandId: string; sort: string; title: string }>()
  const history = useCommonStore((s) => s.goodsSearchRecord)
  const addGoodsSearch = useCommonStore((s) => s.addGoodsSearch)
  const clearGoodsSearch = useCommonStore((s) => s.clearGoodsSearch)
  const initial: Submitted | null =
    params.keyword || params.categoryId || params.brandId || params.sort
      ? { keyword: params.keyword || '', categoryId: Number(params.categoryId) || undefined, brandId: Number(params.brandId) || undefined }
      : null
  const [input, setInput] = useState(params.keyword || '')
  const [submitted, setSubmitted] = useState<Submitted | null>(initial)
  const [sort, setSort] = useState<GoodsSort>(SORTS.includes(params.sort as GoodsSort) ? (params.sort as GoodsSort) : 'default')
  const [hot, setHot] = useState<string[]>([])

  useEffect(() => {
    getHotWords().then(setHot, () => undefined)
  }, [])

  // H5: NutUI's autoFocus calls focus() on Taro's <taro-input-core> before that element has drawn its <input>,
  // which throws (uncaught, about one open in four) and leaves the box unfocused: focus the drawn input instead.
  // Once on opening the page, when it opens without a search (the query does not change while it is open).
  const bar = useRef<any>(null)
  const opensEmpty = !initial
  useEffect(() => {
    if (!opensEmpty || process.env.TARO_ENV !== 'h5') return
    let tries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const focusInput = () => {
      const input = (bar.current as HTMLElement | null)?.querySelector?.('input')
      if (input) input.focus()
      else if (++tries < 40) timer = setTimeout(focusInput, 50)
    }
    focusInput()
    return () => clearTimeout(timer)
  }, [opensEmpty])

  const [capped, setCapped] = useState(false)
  const results = usePagedList(
    (page, pageSize) =>
      searchGoods({ keyword: submitted?.keyword || undefined, categoryId: submitted?.categoryId, brandId: submitted?.brandId, sort, page, pageSize }).then((r) => {
        if (page === 1) setCapped(!!r.totalCapped)
        return r
      }),
    [submitted, sort],
    { enabled: !!submitted, pageSize: 20 },
  )
  useReachBottom(() => {
    if (submitted) results.loadMore()
  })

  const search = (term: string) => {
    const kw = term.trim()
    if (!kw) return
    addGoodsSearch(kw)
    setInput(kw)
    setSubmitted({ keyword: kw })
    setSort('default')
  }

  const clearHistory = async () => {
    if (await confirm('确定清空搜索历史吗？')) clearGoodsSearch()
  }

  const scope = params.title && submitted && !submitted.keyword ? params.title : ''
  const suggestions = useSuggestions(input, submitted?.keyword)
  const typed = (input || '').trim()

  return (
    <PageLayout variant='back' title='搜索商品' className='goods-search'>
      <View className='goods-search__bar' ref={bar}>
        <SearchBar
          shape='round'
          value={input}
          placeholder={scope ? `在「${scope}」中搜索` : hot[0] || '搜索商品'}
          autoFocus={!initial && process.env.TARO_ENV !== 'h5'}
          maxLength={32}
          onChange={(v) => setInput(v)}
          onSearch={(v) => search(v || (!input && hot[0]) || '')}
          onClear={() => {
            setInput('')
            setSubmitted(null)
          }}
          right={
            <Text className='goods-search__go' onClick={() => search(input || hot[0] || '')}>
              搜索
            </Text>
          }
        />
      </View>

      {suggestions.length > 0 && (
        <View className='goods-search__suggest' role='listbox' aria-label='搜索建议'>
          {suggestions.map((name) => {
            const [a, b, c] = splitMatch(name, typed)
            return (
              <View key={name} className='goods-search__suggestion' role='option' onClick={() => search(name)}>
                <Text>{a}</Text>
                <Text className='goods-search__suggestion-hit'>{b}</Text>
                <Text>{c}</Text>
              </View>
            )
          })}
        </View>
      )}

      {!submitted && suggestions.length === 0 && (
        <View className='goods-search__panel'>
          {history.length > 0 && (
            <View className='goods-search__block'>
              <View className='goods-search__head'>
                <Text className='goods-search__label'>搜索历史</Text>
                <View className='goods-search__clear' onClick={clearHistory} aria-label='清空搜索历史'>
                  <Del size={14} />
                </View>
              </View>
              <View className='goods-search__chips'>
                {history.map((h) => (
                  <Text key={h} className='goods-search__chip' onClick={() => search(h)}>
                    {h}
                  </Text>
                ))}
              </View>
            </View>
          )}
          {hot.length > 0 && (
            <View className='goods-search__block'>
              <View className='goods-search__head'>
                <Text className='goods-search__label'>热门搜索</Text>
              </View>
              <View className='goods-search__chips'>
                {hot.map((h, i) => (
                  <Text key={h} className={`goods-search__chip ${i < 3 ? 'goods-search__chip--hot' : ''}`} onClick={() => search(h)}>
                    {h}
                  </Text>
                ))}
              </View>
            </View>
          )}
        </View>
      )}

      {submitted && suggestions.length === 0 && (
        <>
          <View className='goods-search__sorts'>
            {SORT_TABS.map((t) => {
              const active = t.key === 'price' ? sort === 'price_asc' || sort === 'price_desc' : sort === t.key
              return (
                <View key={t.key} className={`goods-search__sort ${active ? 'goods-search__sort--active' : ''}`} onClick={() => setSort(nextSort(sort, t.key))}>
                  <Text>{t.title}</Text>
                  {t.key === 'price' && (
                    <View className='goods-search__arrows'>
                      <ArrowUp size={8} color={sort === 'price_asc' ? '#af57ff' : '#bbb'} />
                      <ArrowDown size={8} color={sort === 'price_desc' ? '#af57ff' : '#bbb'} />
                    </View>
                  )}
                </View>
              )
            })}
          </View>
          {results.loaded && results.total > 0 && <View className='goods-search__count'>{resultCountText(results.total, capped)}</View>}
          <GoodsGrid list={results.list} />
          <ListFooter
            loading={results.loading}
            finished={results.finished}
            error={results.error}
            empty={results.loaded && !results.list.length}
            emptyText='没有找到相关商品，换个词试试吧'
            onRetry={results.loadMore}
          />
          {results.loaded && !results.error && !results.list.length && <GuessYouLike />}
        </>
      )}
    </PageLayout>
  )
}
