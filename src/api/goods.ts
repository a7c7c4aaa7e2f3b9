import type { Page } from '@contract/envelope'
import type {
  Brand,
  CategoryNode,
  CollectItem,
  CommentListQuery,
  CommentPage,
  DeleteFootprintsRequest,
  FootprintItem,
  GoodsCard,
  GoodsDetail,
  GoodsSearchPage,
  GoodsSearchQuery,
} from '@contract/goods'
import { get, post, type RequestOptions } from '@/core/request'

// List calls opt in to catch, so a failed page can be retried instead of hanging; the msg is still toasted.
const LIST: RequestOptions = { catch: true }

export const getCategoryTree = () => get<{ list: CategoryNode[] }>('/api/goods/categoryTree', undefined, { auth: false, catch: true }).then((r) => r.list)

export const getBrands = (exclusive = false) => get<{ list: Brand[] }>('/api/goods/brands', { exclusive: exclusive ? 1 : undefined }, { auth: false, catch: true }).then((r) => r.list)

export const getHotWords = () => get<{ list: string[] }>('/api/goods/hotWords', undefined, { auth: false, toast: false, catch: true }).then((r) => r.list)

/** Suggestions while typing (at most 10 names); quiet: a failed one just shows none. */
export const getSuggestions = (keyword: string) =>
  get<{ list: string[] }>('/api/goods/suggest', { keyword }, { auth: false, toast: false, catch: true }).then((r) => r.list.filter((x) => typeof x === 'string'))

/** `total` is exact up to SEARCH_TOTAL_CAP; past it `totalCapped` is true (show "1000+"). */
export const searchGoods = (q: GoodsSearchQuery) => get<GoodsSearchPage>('/api/goods/search', q, LIST)

export const guessYouLike = (page: number, pageSize = 10) => get<Page<GoodsCard>>('/api/goods/guessYouLike', { page, pageSize }, LIST)

/**
 * Goods detail; records the footprint for a logged-in member. Rejects with RequestError: code 2002
 * (GOODS_OFF_SHELF) carries the goods as `data` so the page can still show it.
 */
export const getGoodsDetail = (id: number | string) => get<GoodsDetail>('/api/goods/detail', { id }, { catch: true, toast: false })

export const getCommentList = (q: CommentListQuery) => get<CommentPage>('/api/goods/commentList', q, LIST)

export const collectGoods = (goodsId: number) => post<{ collected: true }>('/api/goods/collect', { goodsId })

export const uncollectGoods = (goodsIds: number[]) => post<{ removed: number }>('/api/goods/uncollect', { goodsIds })

export const getCollectList = (page: number, pageSize = 20) => get<Page<CollectItem>>('/api/goods/collectList', { page, pageSize }, LIST)

export const getFootprintList = (page: number, pageSize = 20) => get<Page<FootprintItem>>('/api/goods/footprintList', { page, pageSize }, LIST)

export const deleteFootprints = (body: DeleteFootprintsRequest) => post<{ deleted: number }>('/api/goods/deleteFootprints', body as Record<string, unknown>)
