/** Tables the catalogue adds in migration 010_catalog_extra (the rest are in db/tables.ts). */
export interface SearchTermTable {
  term: string
  count: number
  updatedAt: number
}

declare module '../../db/types' {
  interface DB {
    searchTerms: SearchTermTable
  }
}
