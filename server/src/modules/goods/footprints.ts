import type { Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import type { FootprintItem } from '../../../../types/goods'
import type { Page } from '../../../../types/envelope'
import { chinaDay } from '../../services/chinaTime'
import { pageWindow } from '../../db/paging'
import { CARD_COLUMNS, toCard, type CardRow } from './service'

// ---------------------------------------------------------------- footprints

/** One row per member, goods and China day; a later view the same day moves viewed_at. */
export async function recordFootprint(db: Db, memberId: number, goodsId: number, t: number = Date.now()) {
  await db
    .insertInto('footprints')
    .values({ memberId, goodsId, day: chinaDay(t), viewedAt: t })
    .onConflict((oc) => oc.columns(['memberId', 'goodsId', 'day']).doUpdateSet({ viewedAt: t }))
    .execute()
}

export async function footprintList(db: Db, memberId: number, page: number, pageSize: number): Promise<Page<FootprintItem>> {
  const base = db.selectFrom('footprints').where('footprints.memberId', '=', memberId)
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
  const total = Number(count?.n || 0)
  const { limit, offset } = pageWindow(page, pageSize)
  const rows =
    total > offset
      ? await base
          .innerJoin('goods', 'goods.id', 'footprints.goodsId')
          .select(['footprints.id as footprintId', 'footprints.goodsId', 'footprints.day', 'footprints.viewedAt', ...CARD_COLUMNS])
          .orderBy('footprints.viewedAt', 'desc')
          .orderBy('footprints.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()
      : []
  return {
    list: rows.map((r) => ({ id: r.footprintId, goodsId: r.goodsId, day: r.day, viewedAt: Number(r.viewedAt), goods: toCard(r as unknown as CardRow) })),
    total,
    page,
    pageSize,
  }
}

export async function deleteFootprints(db: Db, memberId: number, input: { ids?: number[]; day?: string; all?: boolean }) {
  let q = db.deleteFrom('footprints').where('memberId', '=', memberId)
  if (input.ids?.length) q = q.where('id', 'in', input.ids)
  else if (input.day) q = q.where('day', '=', input.day)
  else if (input.all !== true) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要删除的足迹')
  const res = await q.executeTakeFirst()
  return { deleted: Number(res.numDeletedRows) }
}
