import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { createDb } from '../src/db'
import { dataVersionOf, OTHER_PROCESSES_CHECK_MS, writeMatters } from '../src/db/writeTracking'
import { versionedCache } from '../src/services/readCache'
import { flushSearchTerms } from '../src/modules/goods/hotWords'
import { recordFootprint } from '../src/modules/goods/footprints'

/** Runs `body` with Date.now reading `clock.now` (a test moves time by adding to it). */
async function withClock(body: (clock: { now: number }) => Promise<void>) {
  const clock = { now: 1_000 }
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => clock.now)
  try {
    await body(clock)
  } finally {
    spy.mockRestore()
  }
}

describe('versioned read cache', () => {
  it('computes once per version, again after a version change or the TTL, and shares concurrent misses', () =>
    withClock(async (clock) => {
      let version = 'a'
      const cache = versionedCache(() => version, 1000)
      let runs = 0
      const compute = async () => ++runs
      const [x, y] = await Promise.all([cache.get('k', compute), cache.get('k', compute)])
      expect([x, y, runs]).toEqual([1, 1, 1])
      expect(await cache.get('k', compute)).toBe(1)
      version = 'b'
      expect(await cache.get('k', compute)).toBe(2)
      clock.now += 999
      expect(await cache.get('k', compute)).toBe(2)
      clock.now += 1
      expect(await cache.get('k', compute)).toBe(3)
    }))

  it('peeks at a finished value only while get would give it: not while computing, not after a version change or the TTL', () =>
    withClock(async (clock) => {
      let version = 'a'
      const cache = versionedCache(() => version, 1000)
      expect(cache.peek('k')).toBeUndefined()
      let release = (_v: string) => {}
      const pending = cache.get('k', () => new Promise<string>((r) => (release = r)))
      expect(cache.peek('k')).toBeUndefined() // still computing
      release('one')
      expect(await pending).toBe('one')
      expect(cache.peek('k')).toBe('one')
      version = 'b'
      expect(cache.peek('k')).toBeUndefined()
      expect(await cache.get('k', async () => 'two')).toBe('two')
      expect(cache.peek('k')).toBe('two')
      clock.now += 1000
      expect(cache.peek('k')).toBeUndefined()
    }))

  it('does not keep a failed computation', async () => {
    const cache = versionedCache(() => 'v', 60_000)
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await cache.get('k', async () => 'ok')).toBe('ok')
  })

  it('ignores writes to tables no cached read shows', () => {
    expect(writeMatters('insert into "footprints" ("member_id") values (?)')).toBe(false)
    expect(writeMatters('update "sessions" set "expires_at" = ?')).toBe(false)
    expect(writeMatters('update "goods" set "stock" = "stock" - ?')).toBe(true)
    expect(writeMatters('delete from "goods_skus" where "id" = ?')).toBe(true)
    expect(writeMatters('with x as (select 1) insert into "footprints" select 1')).toBe(true)
  })

  it('sees the commits of another connection to the same SQLite file (within 50 ms)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readcache-'))
    const db = createDb({ sqliteFile: path.join(dir, 'a.sqlite') })
    try {
      const version = dataVersionOf(db)!
      const Database = require('better-sqlite3')
      const other = new Database(path.join(dir, 'a.sqlite'))
      other.exec('CREATE TABLE t (x INTEGER)')
      const before = version()
      other.prepare('INSERT INTO t VALUES (1)').run()
      await new Promise((r) => setTimeout(r, OTHER_PROCESSES_CHECK_MS + 10))
      expect(version()).not.toBe(before)
      other.close()
    } finally {
      await db.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.each(DIALECTS)('cached public reads on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
  })
  afterAll(async () => t.close())

  it('answers home from the cache until a write, then the new data at once', async () => {
    const version = dataVersionOf(t.db)!
    const first = (await t.get('/api/home/selfList')).data
    const v = version()
    expect((await t.get('/api/home/selfList')).data).toEqual(first)
    expect(version()).toBe(v)
    const banner = first.banners[0]
    await t.db.updateTable('banners').set({ title: '刚改的标题' }).where('id', '=', banner.id).execute()
    expect(version()).not.toBe(v)
    expect((await t.get('/api/home/selfList')).data.banners[0].title).toBe('刚改的标题')
  })

  it('sends a cached answer as the same complete JSON bytes every time, with its length and type', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/h5/api/home/selfList', query: { p: '4' } })
    const [a, b] = [await get(), await get()]
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true)
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length)
    const body = JSON.parse(a.body)
    expect(Object.keys(body)).toEqual(['code', 'msg', 'data'])
    expect([body.code, body.msg]).toEqual([200, '成功'])
    expect(body.data.banners.length).toBeGreaterThan(0)
  })

  it('answers a search computed and then peeked from the cache with the same bytes, and counts the term each time', async () => {
    const keyword = '碎花连衣裙'
    const search = () => t.app.inject({ method: 'GET', url: '/h5/api/goods/search', query: { p: '4', keyword, page: '1', pageSize: '5' } })
    const counted = async () => {
      await flushSearchTerms(t.db)
      return Number((await t.db.selectFrom('searchTerms').select('count').where('term', '=', keyword).executeTakeFirst())?.count ?? 0)
    }
    const before = await counted()
    const first = await search() // computed: the handler's value is a promise
    const later = [await search(), await search()] // peeked: a value, sent in the same tick
    for (const r of later) expect(r.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(JSON.parse(first.body).data.list.length).toBeGreaterThan(0)
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length)
    expect(await counted()).toBe(before + 3)
  })

  it('shows a goods detail with fresh stock after a committed write, and the member part per member', async () => {
    const g = await t.db.selectFrom('goods').select('id').where('status', '=', 'on').orderBy('id').executeTakeFirstOrThrow()
    const sku = await t.db.selectFrom('goodsSkus').select(['id', 'stock']).where('goodsId', '=', g.id).orderBy('id').executeTakeFirstOrThrow()
    const stockOf = async (token?: string) => (await t.get('/api/goods/detail', { id: g.id }, token)).data.skus.find((s: any) => s.id === sku.id).stock
    expect(await stockOf()).toBe(sku.stock)
    // A write inside a transaction shows once it commits (on PostgreSQL other connections read meanwhile;
    // SQLite's one connection makes every read wait for the transaction).
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('goodsSkus')
        .set({ stock: sku.stock - 1 })
        .where('id', '=', sku.id)
        .execute()
      if (dialect === 'postgres') expect(await stockOf()).toBe(sku.stock)
    })
    expect(await stockOf()).toBe(sku.stock - 1)
    const token = await t.login(nextPhone())
    await t.post('/api/goods/collect', { goodsId: g.id }, token)
    expect((await t.get('/api/goods/detail', { id: g.id }, token)).data.collected).toBe(true)
    expect((await t.get('/api/goods/detail', { id: g.id })).data.collected).toBe(false)
  })

  it('keeps the cache over writes of footprints and sessions', async () => {
    const version = dataVersionOf(t.db)!
    const member = await t.db.selectFrom('members').select('id').executeTakeFirstOrThrow()
    const v = version()
    await recordFootprint(t.db, member.id, 1)
    expect(version()).toBe(v)
  })

  it('takes a goods off the shelf at once', async () => {
    const g = await t.db.selectFrom('goods').select('id').where('status', '=', 'on').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect((await t.get('/api/goods/detail', { id: g.id })).code).toBe(200)
    const found = async () => (await t.get('/api/goods/search', { pageSize: 100, sort: 'newest' })).data.list.some((x: any) => x.id === g.id)
    const before = await found()
    await t.db.updateTable('goods').set({ status: 'off' }).where('id', '=', g.id).execute()
    expect((await t.get('/api/goods/detail', { id: g.id })).code).toBe(2002)
    if (before) expect(await found()).toBe(false)
  })
})
