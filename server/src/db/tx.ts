import type { Db, Tx } from './types'

/**
 * Runs fn in a transaction, or in the caller's when db already is one: a service can then be called on its
 * own (it opens its transaction) or inside a larger one (the console writes its audit row in the same
 * transaction as the change; Kysely cannot nest transactions).
 */
export function inTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Tx) : db.transaction().execute(fn)
}
