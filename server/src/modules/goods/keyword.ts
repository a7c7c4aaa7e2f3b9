import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { Db } from '../../db/types'
import { dialectOf } from '../../db'

/** The keyword rule of goods names: how a typed keyword is normalised and matched (search, suggestions, console lists, link targets). */

/** Escapes LIKE wildcards (and the escape character) for a pattern with ESCAPE '\'. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const BLANK = /\s/

/** Trims, collapses blanks, caps at 32 characters. */
export const normaliseKeyword = (s: string | undefined | null) => {
  const t = String(s ?? '')
  // Most keywords are already normal (no blank, at most 32 UTF-16 units): every search passes here.
  if (t.length <= 32 && !BLANK.test(t)) return t
  return [...t.trim().replace(/\s+/g, ' ')].slice(0, 32).join('')
}

/**
 * How a keyword matches goods: `check` is the exact rule (a literal, case-insensitive substring of the
 * name), evaluated row by row; `indexed` narrows the goods to a superset of the name matches through an
 * index, or is null when no index serves the keyword (one character).
 * SQLite: the FTS5 trigram table answers `LIKE '%piece%'` from its index, but only for a piece with at
 * least 3 characters and without an ESCAPE clause (with ESCAPE it scans the whole table), so it takes the
 * longest wildcard-free piece of the keyword; otherwise the goods_bigrams side table (migration 011) gives
 * the goods whose name holds the keyword's first two characters. `instr()` checks the whole keyword
 * literally (no wildcard can leak in).
 * PostgreSQL: `ILIKE '%kw%'` with % _ \ escaped, which the pg_trgm GIN index serves for 3+ characters;
 * two characters go through the bigram GIN index: `goods_bigrams(name) @> ARRAY[kw]`.
 */
export function keywordMatch(db: Db, kw: string): KeywordMatch {
  const chars = [...kw.toLowerCase()]
  if (dialectOf(db) === 'postgres') {
    const check = sql<SqlBool>`goods.name ILIKE ${`%${escapeLike(kw)}%`}`
    if (chars.length >= 3) return { check, indexed: null } // the trigram index serves ILIKE itself
    if (chars.length === 2) return { check, indexed: sql<SqlBool>`goods_bigrams(goods.name) @> ARRAY[lower(${kw})]::text[]` }
    return { check, indexed: null }
  }
  const lower = kw.toLowerCase()
  const check = sql<SqlBool>`instr(lower(goods.name), ${lower}) > 0`
  const piece = kw.split(/[%_\\]/).reduce((a, b) => ([...b].length > [...a].length ? b : a), '')
  const source =
    [...piece].length >= 3
      ? sql<{ id: number }>`(SELECT rowid AS id FROM goods_fts WHERE goods_fts.name LIKE ${`%${piece}%`})`
      : chars.length >= 2
        ? sql<{ id: number }>`(SELECT goods_id AS id FROM goods_bigrams WHERE gram = ${chars[0] + chars[1]})`
        : null
  return { check, indexed: source ? sql<SqlBool>`goods.id IN ${source}` : null, source }
}

export interface KeywordMatch {
  /** The exact rule, evaluated row by row. */
  check: Expression<SqlBool>
  /** A condition an index answers, true for every goods the name rule matches (null: none, or `check` is indexed itself). */
  indexed: Expression<SqlBool> | null
  /** SQLite: the indexed candidates as a row source (id) to join, which streams (an IN list is built whole first). */
  source?: RawBuilder<{ id: number }> | null
}
