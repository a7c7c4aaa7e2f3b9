import { sql, type Kysely, type RawBuilder } from 'kysely'
import { dialectOf } from './index'

/**
 * `column` starts with `prefix`, as an index range both databases use (a member's nickname in the console's search):
 * `column >= prefix AND column < prefix with its last character raised by one`. Code-point order is SQLite's
 * BINARY order and PostgreSQL's "C" collation (the index members_nickname is built with it, migration 112); `LIKE
 * 'x%'` would need SQLite's NOCASE and PostgreSQL's pattern operators to use an index, and treats % and _ in the
 * prefix as wildcards.
 */
export function startsWith(db: Kysely<any>, column: string, prefix: string): RawBuilder<boolean> {
  const cps = [...prefix]
  const last = cps.pop()!.codePointAt(0)!
  const upper = cps.join('') + String.fromCodePoint(last + 1)
  const col = dialectOf(db) === 'postgres' ? sql`${sql.ref(column)} COLLATE "C"` : sql.ref(column)
  return sql<boolean>`(${col} >= ${prefix} AND ${col} < ${upper})`
}
