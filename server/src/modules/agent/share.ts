import type { Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { ROUTES } from '../../../../types/routes'
import { commissionOf, type ShareGoodsInfo } from '../../../../types/agent'
import { num } from './util'
import { ratesFor } from './rules'
import './tables'

/** What the goods share page needs: the goods, its mini-program page and the agent's commission per unit. */
export async function shareGoods(db: Db, shopId: number, goodsId: number): Promise<ShareGoodsInfo> {
  const g = await db.selectFrom('goods').select(['id', 'name', 'mainImage', 'price', 'originalPrice', 'status', 'commissionRate']).where('id', '=', goodsId).executeTakeFirst()
  if (!g) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  const acting = await db.selectFrom('agentGoods').select('status').where('shopId', '=', shopId).where('goodsId', '=', goodsId).executeTakeFirst()
  const rate = (await ratesFor(db, [g.id], undefined, shopId)).get(g.id) ?? 0
  const onShelf = g.status === 'on' && acting?.status === 'on'
  return {
    goods: { id: g.id, name: g.name, mainImage: g.mainImage, price: num(g.price), originalPrice: num(g.originalPrice) },
    page: ROUTES.goodsDetails.replace(/^\//, ''),
    commission: onShelf ? commissionOf(num(g.price), rate) : 0,
    onShelf,
  }
}
