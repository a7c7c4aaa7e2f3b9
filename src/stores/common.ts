import { create } from 'zustand'
import { persist, createJSONStorage } from 'zustand/middleware'
import { taroStateStorage } from '@/platform/storage'
import { pushSearchTerm } from '@/utils/searchHistory'

export interface ShippingAddress {
  id: number
  name: string
  phone: string
  province: string
  city: string
  district: string
  detail: string
  isDefault?: boolean
}

export interface CommonState {
  pageTitle: string
  pageTitleStyle: Record<string, string>
  tabBarHeight: number
  tabBarParams: Record<string, unknown>
  goodsSearchRecord: string[]
  videoSearchRecord: string[]
  shippingAddress: ShippingAddress | null
  usedUnionPayParams: Record<string, unknown> | null
  setPageTitle: (title: string, style?: Record<string, string>) => void
  setTabBarParams: (params: Record<string, unknown>) => void
  addGoodsSearch: (term: string) => void
  clearGoodsSearch: () => void
  addVideoSearch: (term: string) => void
  clearVideoSearch: () => void
  setShippingAddress: (a: ShippingAddress | null) => void
  setUsedUnionPayParams: (p: Record<string, unknown> | null) => void
}

/** Tab bar height default: 100 rpx (SPEC.md section 9). */
export const TAB_BAR_HEIGHT_RPX = 100

export const useCommonStore = create<CommonState>()(
  persist(
    (set) => ({
      pageTitle: '',
      pageTitleStyle: {},
      tabBarHeight: TAB_BAR_HEIGHT_RPX,
      tabBarParams: {},
      goodsSearchRecord: [],
      videoSearchRecord: [],
      shippingAddress: null,
      usedUnionPayParams: null,
      setPageTitle: (pageTitle, pageTitleStyle = {}) => set({ pageTitle, pageTitleStyle }),
      setTabBarParams: (tabBarParams) => set({ tabBarParams }),
      addGoodsSearch: (term) => set((s) => ({ goodsSearchRecord: pushSearchTerm(s.goodsSearchRecord, term) })),
      clearGoodsSearch: () => set({ goodsSearchRecord: [] }),
      addVideoSearch: (term) => set((s) => ({ videoSearchRecord: pushSearchTerm(s.videoSearchRecord, term) })),
      clearVideoSearch: () => set({ videoSearchRecord: [] }),
      setShippingAddress: (shippingAddress) => set({ shippingAddress }),
      setUsedUnionPayParams: (usedUnionPayParams) => set({ usedUnionPayParams }),
    }),
    {
      name: 'common',
      storage: createJSONStorage(() => taroStateStorage),
      // Only these three are persisted (SPEC.md section 3).
      partialize: (s) => ({ goodsSearchRecord: s.goodsSearchRecord, videoSearchRecord: s.videoSearchRecord, usedUnionPayParams: s.usedUnionPayParams }),
    },
  ),
)
