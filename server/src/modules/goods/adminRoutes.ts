import { IdParams, type OkReply } from '../../../../types/admin'
import {
  AdminGoodsQuery,
  GoodsPickQuery,
  BrandInput,
  CategoryInput,
  GoodsImportBody,
  GoodsInput,
  ShelfBody,
  StockBody,
  type AdminBrand,
  type AdminCategory,
  type AdminGoodsDetail,
  type AdminGoodsPage,
  type GoodsPickReply,
  type CountReply,
  type GoodsImportReply,
  type IdReply,
  type UploadReply,
} from '../../../../types/adminGoods'
import { AppError, ErrorCode } from '../../errors'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { storeStaffPicture } from '../upload/service'
import { sendCsv } from '../../admin/csv'
import { exportGoodsCsv, importGoodsCsv } from './csv'
import {
  adminBrands,
  adminCategories,
  adminGoodsDetail,
  adminGoodsList,
  pickGoods,
  changeStock,
  copyGoods,
  createGoods,
  deleteBrand,
  deleteCategory,
  deleteGoods,
  saveBrand,
  saveCategory,
  setShelf,
  updateGoods,
} from './adminService'

/** Who may search goods by name in a picker: 商品 itself, and every area whose pages pick goods. */
const GOODS_PICKERS = ['goods.read', 'storefront.read', 'marketing.read', 'agents.read', 'content.read'] as const

/** 商品: goods, shelf and stock, categories, brands, picture upload. */
const goodsAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'goods.read' as const }
  const write = { permission: 'goods.write' as const }

  app.get('/goods', { config: read, schema: { querystring: AdminGoodsQuery } }, async (req): Promise<AdminGoodsPage> => adminGoodsList(db, req.query))
  // One row per SKU; the import reads the same columns back (docs/console.md).
  app.get('/goods/export', { config: read }, async (_req, reply) => sendCsv(reply, 'goods', exportGoodsCsv(db)))
  app.post('/goods/import', { config: write, schema: { body: GoodsImportBody } }, async (req): Promise<GoodsImportReply> => importGoodsCsv(db, req.body.csv, (work) => audited(db, actorOf(req), work)))
  // The goods picker of the pages that choose goods without managing them (客服 filters reviews by goods, 运营 picks a
  // coupon's goods…): any of their read permissions.
  app.get('/goods/pick', { config: { permission: GOODS_PICKERS }, schema: { querystring: GoodsPickQuery } }, async (req): Promise<GoodsPickReply> => pickGoods(db, req.query))
  app.get('/goods/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminGoodsDetail> => adminGoodsDetail(db, req.params.id))
  app.post('/goods', { config: write, schema: { body: GoodsInput } }, async (req): Promise<IdReply> => ({ id: await audited(db, actorOf(req), (tx, log) => createGoods(tx, req.body, log)) }))
  app.put('/goods/:id', { config: write, schema: { params: IdParams, body: GoodsInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => updateGoods(tx, req.params.id, req.body, log)),
  }))
  app.post('/goods/:id/copy', { config: write, schema: { params: IdParams } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => copyGoods(tx, req.params.id, log)),
  }))
  app.delete('/goods/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteGoods(tx, req.params.id, log))
    return { ok: true }
  })
  app.post('/goods/shelf', { config: write, schema: { body: ShelfBody } }, async (req): Promise<CountReply> => ({
    count: await audited(db, actorOf(req), (tx, log) => setShelf(tx, req.body.ids, req.body.status, log)),
  }))
  app.post('/goods/stock', { config: write, schema: { body: StockBody } }, async (req): Promise<CountReply> => ({
    count: await audited(db, actorOf(req), (tx, log) => changeStock(tx, req.body.items, log)),
  }))

  app.get('/categories', { config: read }, async (): Promise<AdminCategory[]> => adminCategories(db))
  app.post('/categories', { config: write, schema: { body: CategoryInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => saveCategory(tx, null, req.body, log)),
  }))
  app.put('/categories/:id', { config: write, schema: { params: IdParams, body: CategoryInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => saveCategory(tx, req.params.id, req.body, log)),
  }))
  app.delete('/categories/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteCategory(tx, req.params.id, log))
    return { ok: true }
  })

  app.get('/brands', { config: read }, async (): Promise<AdminBrand[]> => adminBrands(db))
  app.post('/brands', { config: write, schema: { body: BrandInput } }, async (req): Promise<IdReply> => ({ id: await audited(db, actorOf(req), (tx, log) => saveBrand(tx, null, req.body, log)) }))
  app.put('/brands/:id', { config: write, schema: { params: IdParams, body: BrandInput } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => saveBrand(tx, req.params.id, req.body, log)),
  }))
  app.delete('/brands/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteBrand(tx, req.params.id, log))
    return { ok: true }
  })

  // Pictures for goods, categories, brands and the storefront: the shop's upload path (images only).
  app.post('/upload', { config: write }, async (req): Promise<UploadReply> => {
    if (!req.isMultipart()) throw new AppError(ErrorCode.UPLOAD_REFUSED, '请选择要上传的图片')
    const file = await req.file()
    if (!file) throw new AppError(ErrorCode.UPLOAD_REFUSED, '请选择要上传的图片')
    const buf = await file.toBuffer().catch((e: { code?: string }) => {
      if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.UPLOAD_REFUSED, '图片过大')
      throw e
    })
    const r = await audited(db, actorOf(req), async (tx, log) => {
      const saved = await storeStaffPicture({ db: tx, config: ctx.config, storage: ctx.storage }, actorOf(req).id, async () => buf)
      log({ action: 'upload.image', targetType: 'upload', targetId: saved.id, after: { url: saved.url, size: saved.size } })
      return saved
    })
    return { url: r.url }
  })
}

export default goodsAdminRoutes
