import type { Migration } from 'kysely'
import * as m001 from './001_member'

/** Every migration in order; names sort in the order they run. Both dialects run the same list. */
export const migrations: Record<string, Migration> = {
  '001_member': m001,
}
