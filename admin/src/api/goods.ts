import type { OkReply } from '@contract/admin'
import type {
  AdminBrand,
  AdminCategory,
  AdminGoodsDetail,
  AdminGoodsPage,
  AdminGoodsQuery,
  BrandInput,
  CategoryInput,
  CountReply,
  GoodsImportBody,
  GoodsImportReply,
  GoodsInput,
  GoodsPickQuery,
  GoodsPickReply,
  IdReply,
  ShelfBody,
  StockBody,
  UploadReply,
} from '@contract/adminGoods'
import { buildUrl, del, get, post, put, upload } from '../core/request'

export const goodsList = (q: AdminGoodsQuery) => get<AdminGoodsPage>('/goods', q)
export const goodsDetail = (id: number) => get<AdminGoodsDetail>(`/goods/${id}`)
/** The pickers' search and names (any area that picks goods may call it, not only 商品). */
export const goodsPick = (q: GoodsPickQuery) => get<GoodsPickReply>('/goods/pick', q)
export const createGoods = (body: GoodsInput) => post<IdReply>('/goods', body)
export const updateGoods = (id: number, body: GoodsInput) => put<IdReply>(`/goods/${id}`, body)
export const copyGoods = (id: number) => post<IdReply>(`/goods/${id}/copy`)
export const deleteGoods = (id: number) => del<OkReply>(`/goods/${id}`)
/** One row per SKU (a download link: the browser keeps the session cookie). */
export const goodsExportUrl = () => buildUrl('/goods/export')
export const importGoods = (body: GoodsImportBody) => post<GoodsImportReply>('/goods/import', body)
export const setShelf = (body: ShelfBody) => post<CountReply>('/goods/shelf', body)
export const changeStock = (body: StockBody) => post<CountReply>('/goods/stock', body)

export const categories = () => get<AdminCategory[]>('/categories')
export const createCategory = (body: CategoryInput) => post<IdReply>('/categories', body)
export const updateCategory = (id: number, body: CategoryInput) => put<IdReply>(`/categories/${id}`, body)
export const deleteCategory = (id: number) => del<OkReply>(`/categories/${id}`)

export const brands = () => get<AdminBrand[]>('/brands')
export const createBrand = (body: BrandInput) => post<IdReply>('/brands', body)
export const updateBrand = (id: number, body: BrandInput) => put<IdReply>(`/brands/${id}`, body)
export const deleteBrand = (id: number) => del<OkReply>(`/brands/${id}`)

/** One picture (goods, SKU, category icon, brand logo, banner): the stored URL. */
export const uploadImage = (file: File) => upload<UploadReply>('/upload', file)
