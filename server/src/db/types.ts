import type { Kysely, Transaction } from 'kysely'

/**
 * The database interface. Each module adds its tables by declaration merging:
 *   declare module '../../db/types' { interface DB { orders: OrderTable } }
 * Column names are camelCase here; the CamelCasePlugin maps them to snake_case in SQL.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty on purpose: the modules' declarations fill it
export interface DB {}

export type Db = Kysely<DB>
export type Tx = Transaction<DB>
/** Either the database or a transaction: services take this so callers can compose them in one transaction. */
export type Conn = Kysely<DB>
