import type { Db } from '../../db/types'
import { notFound } from '../../errors'
import type { CollectItem } from '../../../../types/goods'
import type { Page } from '../../../../types/envelope'
import { pageWindow } from '../../db/paging'
import { CARD_COLUMNS, toCard, type CardRow } from './service'

// ---------------------------------------------------------------- collects

export async function collect(db: Db, memberId: number, goodsId: number) {
  const g = await db.selectFrom('goods').select('id').where('id', '=', goodsId).executeTakeFirst()
  if (!g) throw notFound('商品不存在')
  await db
    .insertInto('collects')
    .values({ memberId, goodsId, createdAt: Date.now() })
    .onConflict((oc) => oc.columns(['memberId', 'goodsId']).doNothing())
    .execute()
  return { collected: true }
}

export async function uncollect(db: Db, memberId: number, goodsIds: number[]) {
  const res = await db.deleteFrom('collects').where('memberId', '=', memberId).where('goodsId', 'in', goodsIds).executeTakeFirst()
  return { removed: Number(res.numDeletedRows) }
}

export async function collectList(db: Db, memberId: number, page: number, pageSize: number): Promise<Page<CollectItem>> {
  const base = db.selectFrom('collects').where('collects.memberId', '=', memberId)
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const total = Number(count?.n || 0)
  const { limit, offset } = pageWindow(page, pageSize)
  const rows =
    total > offset
      ? await base
          .innerJoin('goods', 'goods.id', 'collects.goodsId')
          .select(['collects.id as collectId', 'collects.goodsId', 'collects.createdAt', ...CARD_COLUMNS])
          .orderBy('collects.createdAt', 'desc')
          .orderBy('collects.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      : []
  return {
    list: rows.map((r) => ({ id: r.collectId, goodsId: r.goodsId, createdAt: Number(r.createdAt), goods: toCard(r as unknown as CardRow) })),
    total,
    page,
    pageSize,
  }
}
