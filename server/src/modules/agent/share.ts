import qrcode from 'qrcode-generator'
import type { Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { ALL_PAGES, ROUTES } from '../../../../src/routes'
import { commissionOf, type QrMatrix, type ShareGoodsInfo } from '../../../../types/agent'
import { num } from './util'
import './tables'

/** What the goods share page needs: the goods, its mini-program page and the agent's commission per unit. */
export async function shareGoods(db: Db, shopId: number, goodsId: number): Promise<ShareGoodsInfo> {
  const g = await db.selectFrom('goods').select(['id', 'name', 'mainImage', 'price', 'originalPrice', 'status', 'commissionRate']).where('id', '=', goodsId).executeTakeFirst()
  if (!g) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  const shop = await db.selectFrom('agentShops').select('commissionRate').where('id', '=', shopId).executeTakeFirstOrThrow()
  const acting = await db.selectFrom('agentGoods').select('status').where('shopId', '=', shopId).where('goodsId', '=', goodsId).executeTakeFirst()
  const rate = g.commissionRate === null || g.commissionRate === undefined ? num(shop.commissionRate) : num(g.commissionRate)
  const onShelf = g.status === 'on' && acting?.status === 'on'
  return {
    goods: { id: g.id, name: g.name, mainImage: g.mainImage, price: num(g.price), originalPrice: num(g.originalPrice) },
    page: ROUTES.goodsDetails.replace(/^\//, ''),
    commission: onShelf ? commissionOf(num(g.price), rate) : 0,
    onShelf,
  }
}

/**
 * The QR code of a share link of this shop (for the poster when no mini-program code is available, e.g. in H5).
 * Only links to the shop's pages: http(s), a page of the app, and bUid equal to the caller's shop.
 */
export function shareQrMatrix(shopId: number, url: string): QrMatrix {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, '链接无效')
  }
  if (!/^https?:$/.test(u.protocol) || !ALL_PAGES.includes(u.pathname) || u.searchParams.get('bUid') !== String(shopId)) throw new AppError(ErrorCode.BAD_REQUEST, '只能生成本店分享链接的二维码')
  const qr = qrcode(0, 'M')
  qr.addData(u.toString())
  qr.make()
  const size = qr.getModuleCount()
  const modules: string[] = []
  for (let r = 0; r < size; r++) {
    let row = ''
    for (let c = 0; c < size; c++) row += qr.isDark(r, c) ? '1' : '0'
    modules.push(row)
  }
  return { size, modules }
}
