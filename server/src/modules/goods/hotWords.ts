import { sql } from 'kysely'
import type { Db } from '../../db/types'
import { escapeLike } from './keyword'

// ---------------------------------------------------------------- hot words

/** Search terms are counted in memory and written in one statement at most every SEARCH_TERM_FLUSH_MS. */
export const SEARCH_TERM_FLUSH_MS = 2000
const pendingTerms = new WeakMap<Db, { terms: Map<string, { count: number; at: number }>; timer: NodeJS.Timeout | null }>()

/** Counts a keyword that found goods (only such terms can become hot words). */
export function countSearchTerm(db: Db, term: string) {
  if (term.length > 16 && [...term].length > 16) return
  let p = pendingTerms.get(db)
  if (!p) pendingTerms.set(db, (p = { terms: new Map(), timer: null }))
  const e = p.terms.get(term)
  if (e) {
    e.count += 1
    e.at = Date.now()
  } else p.terms.set(term, { count: 1, at: Date.now() })
  if (p.terms.size >= 500) void flushSearchTerms(db).catch(() => undefined)
  else if (!p.timer) {
    p.timer = setTimeout(() => void flushSearchTerms(db).catch(() => undefined), SEARCH_TERM_FLUSH_MS)
    p.timer.unref?.()
  }
}

/** Writes the counted search terms (hot words read them; the app flushes on close). */
export async function flushSearchTerms(db: Db) {
  const p = pendingTerms.get(db)
  if (!p) return
  if (p.timer) clearTimeout(p.timer)
  p.timer = null
  if (!p.terms.size) return
  const rows = [...p.terms].map(([term, e]) => ({ term, count: e.count, updatedAt: e.at }))
  p.terms = new Map()
  await db
    .insertInto('searchTerms')
    .values(rows)
    .onConflict((oc) => oc.column('term').doUpdateSet((eb) => ({ count: eb('searchTerms.count', '+', eb.ref('excluded.count')), updatedAt: eb.ref('excluded.updatedAt') })))
    .execute()
}

/**
 * Whether a search term names something of the catalogue as a whole: a category or brand name, or the end of a
 * word of an on-sale goods' name (names are words separated by spaces: brand, noun, style; a Chinese compound noun
 * ends with its head, so 空气炸锅 names 可视空气炸锅 and 猫粮 names 全价猫粮). A fragment typed or sent on its way to a
 * word ("连衣" of 碎花连衣裙, as load tests send it thousands of times) finds goods but is none of these. At least two
 * characters; a term of several words: each of them.
 */
export async function isCatalogueWord(db: Db, term: string): Promise<boolean> {
  const words = term.trim().split(/\s+/).filter(Boolean)
  if (!words.length || words.some((w) => [...w].length < 2)) return false
  for (const w of words) {
    const named =
      (await db.selectFrom('categories').select('id').where('name', '=', w).limit(1).executeTakeFirst()) ||
      (await db.selectFrom('brands').select('id').where('name', '=', w).limit(1).executeTakeFirst())
    if (named) continue
    const esc = escapeLike(w)
    const inName = await db
      .selectFrom('goods')
      .select('id')
      .where('status', '=', 'on')
      .where((eb) => eb.or([eb('name', 'like', sql<string>`${`%${esc}`} ESCAPE '\\'`), eb('name', 'like', sql<string>`${`%${esc} %`} ESCAPE '\\'`)]))
      .limit(1)
      .executeTakeFirst()
    if (!inName) return false
  }
  return true
}

/** How many of the most searched terms are looked at to find `limit` hot words. */
const HOT_WORD_CANDIDATES = 4

/** The most searched terms that are whole words of the catalogue (isCatalogueWord), most searched first. */
export async function hotWords(db: Db, limit = 10): Promise<string[]> {
  await flushSearchTerms(db)
  const rows = await db
    .selectFrom('searchTerms')
    .select('term')
    .orderBy('count', 'desc')
    .orderBy('updatedAt', 'desc')
    .limit(limit * HOT_WORD_CANDIDATES)
    .execute()
  const words: string[] = []
  for (const r of rows) {
    if (words.length >= limit) break
    if (await isCatalogueWord(db, r.term)) words.push(r.term)
  }
  return words
}
