// Chinese substring search on 100,000 generated goods, SQLite (FTS5 trigram) and PostgreSQL (pg_trgm).
// Measures the goods service's searchGoods (the route's work without HTTP). Target: p95 ≤ 50 ms on both.
// Usage: npx tsx bench/search.ts [--goods 100000]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import '../server/src/db/tables'
import { createDb } from '../server/src/db'
import { migrateToLatest } from '../server/src/db/migrate'
import { searchGoods } from '../server/src/modules/goods/search'
import { goodsRow } from '../server/src/demo/rows'
import type { Db } from '../server/src/db/types'
// @ts-expect-error plain ESM helper (no declarations)
import { freshPostgres, postgresAvailable, table, percentile } from './lib.mjs'

const arg = (n: string, d: number) => {
  const i = process.argv.indexOf(`--${n}`)
  return i > 0 ? Number(process.argv[i + 1]) : d
}
const N = arg('goods', 100_000)

const A = ['法式', '复古', '碎花', '修身', '宽松', '简约', '韩版', '高腰', '纯棉', '真丝', '加厚', '轻薄', '百搭', '针织', '羊毛', '防水', '智能', '无线', '便携', '大容量']
const B = ['连衣裙', '半身裙', 'T恤', '衬衫', '卫衣', '牛仔裤', '运动鞋', '帆布鞋', '双肩包', '保温杯', '蓝牙耳机', '充电宝', '手机壳', '台灯', '收纳盒', '面霜', '口红', '奶粉', '猫粮', '茶叶']
const C = ['女夏', '男款', '春秋新款', '2026新款', '学生', '通勤', '送礼', '家用', '户外', '儿童', '情侣', '大码', '小个子', '礼盒装']
let seed = 42
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n
}

async function fill(db: Db) {
  const t = Date.now()
  const category = await db.insertInto('categories').values({ parentId: 0, name: '测试', icon: '', sort: 0 }).returning('id').executeTakeFirstOrThrow()
  const batch = 400
  for (let i = 0; i < N; i += batch) {
    // The fields in the order they always drew their random numbers (the same 100,000 goods as before).
    const rows = Array.from({ length: Math.min(batch, N - i) }, (_, k) =>
      goodsRow(t, {
        categoryId: category.id,
        name: `${A[rnd(A.length)]}${A[rnd(A.length)]}${B[rnd(B.length)]} ${C[rnd(C.length)]} ${i + k}`,
        price: 1000 + rnd(50000),
        originalPrice: 60000,
        sales: rnd(10000),
        stock: 100,
        isHot: rnd(20) === 0 ? 1 : 0,
        createdAt: t - rnd(1e9),
      }),
    )
    await db.insertInto('goods').values(rows).execute()
  }
  await sql`ANALYZE`.execute(db)
}

const TERMS = ['连衣', '连衣裙', '碎花连衣裙', '蓝牙', '蓝牙耳机', '保温杯', 'T恤', '羊毛针织', '礼盒装', '不存在的商品']

async function measure(label: string, db: Db) {
  const t0 = Date.now()
  await fill(db)
  const fillS = ((Date.now() - t0) / 1000).toFixed(1)
  const times: number[] = []
  const byTerm: Record<string, number[]> = {}
  for (let round = 0; round < 10; round++) {
    for (const term of TERMS) {
      for (const [page, sort] of [
        [1, undefined],
        [2, 'sales'],
        [1, 'price_asc'],
      ] as const) {
        const s = process.hrtime.bigint()
        await searchGoods(db, { keyword: term, page, pageSize: 20, sort: sort as any })
        const ms = Number(process.hrtime.bigint() - s) / 1e6
        if (round > 0) {
          times.push(ms)
          ;(byTerm[term] ||= []).push(ms)
        }
      }
    }
  }
  const rows = Object.entries(byTerm).map(([term, v]) => ({ db: label, term, 'p50 ms': percentile(v, 50).toFixed(1), 'p95 ms': percentile(v, 95).toFixed(1) }))
  rows.push({ db: label, term: 'ALL', 'p50 ms': percentile(times, 50).toFixed(1), 'p95 ms': percentile(times, 95).toFixed(1) })
  console.log(`${label}: ${N} goods inserted in ${fillS} s; ${times.length} searches`)
  return rows
}

async function main() {
  const rows: any[] = []
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-search-'))
  const lite = createDb({ sqliteFile: path.join(dir, 'search.sqlite') })
  await migrateToLatest(lite)
  rows.push(...(await measure('SQLite', lite)))
  await lite.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
  if (await postgresAvailable()) {
    const pg = await freshPostgres('mall_bench_search')
    const db = createDb({ databaseUrl: pg.url })
    try {
      await migrateToLatest(db)
      rows.push(...(await measure('PostgreSQL', db)))
    } finally {
      await db.destroy()
      await pg.drop()
    }
  }
  console.log(`\nChinese substring search over ${N} goods (page of 20, with total count), 2 cores\n`)
  console.log(table(rows, ['db', 'term', 'p50 ms', 'p95 ms']))
  for (const r of rows.filter((x) => x.term === 'ALL')) console.log(`${r.db}: p95 ${r['p95 ms']} ms → ${Number(r['p95 ms']) <= 50 ? 'meets target (≤ 50 ms)' : 'below target (≤ 50 ms)'}`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
