import { pushSearchTerm } from '@/utils/searchHistory'
import { useCommonStore } from '@/stores/common'

describe('search history', () => {
  it('puts the newest first and moves a repeated term to the front', () => {
    let l: string[] = []
    for (const t of ['a', 'b', 'c']) l = pushSearchTerm(l, t)
    expect(l).toEqual(['c', 'b', 'a'])
    expect(pushSearchTerm(l, 'a')).toEqual(['a', 'c', 'b'])
  })
  it('caps at 10 and ignores blanks', () => {
    let l: string[] = []
    for (let i = 0; i < 15; i++) l = pushSearchTerm(l, `t${i}`)
    expect(l).toHaveLength(10)
    expect(l[0]).toBe('t14')
    expect(pushSearchTerm(l, '  ')).toEqual(l)
  })
  it('keeps goods and video apart in the store and persists only the listed keys', () => {
    const s = useCommonStore.getState()
    s.addGoodsSearch('连衣裙')
    s.addVideoSearch('穿搭')
    s.setPageTitle('标题')
    expect(useCommonStore.getState().goodsSearchRecord).toEqual(['连衣裙'])
    expect(useCommonStore.getState().videoSearchRecord).toEqual(['穿搭'])
    const stored = JSON.parse(localStorage.getItem('common') as string)
    const data = typeof stored === 'string' ? JSON.parse(stored) : stored
    const state = (data.data ? JSON.parse(data.data) : data).state
    expect(Object.keys(state).sort()).toEqual(['goodsSearchRecord', 'usedUnionPayParams', 'videoSearchRecord'])
  })
})
