import type { AppContext } from '../context'

/** A seeder fills part of the demo shop; it runs once, on an empty database, in the order of demo/index.ts. */
export interface Seeder {
  name: string
  run: (ctx: AppContext) => Promise<void>
}
