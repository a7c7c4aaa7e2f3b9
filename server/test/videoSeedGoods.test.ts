import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { COMMITTED_VIDEOS, GENERATED_VIDEOS } from '../src/demo/videoMedia'

// Issue 18 item 7: a video's product card showed unrelated goods (the seed linked the catalogue's first goods
// to every video). Each demo video now links goods of the categories it shows, and the feed answers them.
describe.each(DIALECTS)('demo videos link the goods they show on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
  })
  afterAll(async () => t.close())

  it('every linked goods is of the video’s categories, and the feed’s product card shows exactly them', async () => {
    const specs = new Map([...COMMITTED_VIDEOS, ...GENERATED_VIDEOS].map((s) => [`/media/video/${s.name}.mp4`, s]))
    const feed = await t.get('/api/video/list', { page: 1, pageSize: 50 })
    expect(feed.code).toBe(200)
    let linked = 0
    for (const v of feed.data.list) {
      const spec = specs.get(v.url)
      if (!spec) continue
      const ids = v.goods.map((g: { id: number }) => g.id)
      linked += ids.length
      if (!ids.length) continue
      const rows = await t.db.selectFrom('goods').innerJoin('categories', 'categories.id', 'goods.categoryId').select(['goods.id', 'categories.name']).where('goods.id', 'in', ids).execute()
      expect(rows.map((r) => `${v.url} ${r.name}`).sort()).toEqual(rows.map((r) => `${v.url} ${spec.categories.includes(r.name) ? r.name : `(not ${spec.categories.join('/')})`}`).sort())
    }
    expect(linked).toBeGreaterThan(0)
  })
})
