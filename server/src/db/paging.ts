/**
 * Paging of list reads: `page` counts from 1, `pageSize` rows a page. A list answers `{ list, total, page, pageSize }`:
 * the page's rows (`.$call(onPage(page, pageSize))`) and the count of the whole filtered query (`countRows(query)`).
 */
import type { SelectQueryBuilder } from 'kysely'

/**
 * A list query with its paging: the schema's defaults (page 1, pageSize 20, types/schema.ts Paging) are already
 * applied by the validator on routes; this states it to TypeScript, where the keys are optional, and fills them for
 * other callers (the CLI).
 */
export const paged = <Q extends { page?: number; pageSize?: number }>(q: Q): Q & { page: number; pageSize: number } => ({ ...q, page: q.page ?? 1, pageSize: q.pageSize ?? 20 })

/** The window of a page: `limit` and `offset`. */
export const pageWindow = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize })

/** Limits a query to one page: `query.$call(onPage(page, pageSize))`. */
export const onPage =
  (page: number, pageSize: number) =>
  <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    q.limit(pageSize).offset((page - 1) * pageSize)

/** How many rows a query (its filters and joins, before any select) finds. */
export async function countRows<DB, TB extends keyof DB>(q: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const r = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  // Kysely cannot name the selected column's type for a query of any database (DB is generic here); it is `n`.
  return Number((r as unknown as { n: unknown }).n)
}
