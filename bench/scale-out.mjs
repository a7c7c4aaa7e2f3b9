// Scale-out: the API on PostgreSQL (+ Redis when reachable) with 1, then 2 processes (WORKERS=N, node:cluster on one
// port). Prints read throughput per process count and an order burst on 10 units across both processes (oversold must be 0).
// The load comes from wrk (apt-get install wrk) when it is installed: on 2 cores, autocannon (Node) needs a whole core
// for itself, and then a second server process has no core to grow into. Without wrk, autocannon is used and said.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, TSX, freePort, waitFor, freshPostgres, postgresAvailable, load, loadWithWrk, wrkAvailable, table } from './lib.mjs'

if (!(await postgresAvailable())) {
  console.log('PostgreSQL is not reachable on 127.0.0.1:5432: scale-out skipped')
  process.exit(0)
}
const redisUp = await new Promise((resolve) => {
  import('node:net').then(({ default: net }) => {
    const s = net.connect(6379, '127.0.0.1', () => (s.end(), resolve(true)))
    s.on('error', () => resolve(false))
  })
})
const duration = Number(process.env.SCALE_DURATION || 10)
const useWrk = wrkAvailable() && process.env.SCALE_CLIENT !== 'autocannon'
const client = useWrk ? 'wrk (1 thread)' : 'autocannon'
// Each route is loaded for 3 uncounted seconds first (JIT, connections, caches), then measured.
const measure = async (url) => {
  if (useWrk) {
    loadWithWrk(url, { connections: 100, duration: 3 })
    return loadWithWrk(url, { connections: 100, duration })
  }
  await load(url, { connections: 100, duration: 3 })
  return load(url, { connections: 100, duration })
}
const pg = await freshPostgres('mall_bench_scale')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-scale-'))

async function start(workers) {
  const port = await freePort()
  const log = []
  const child = spawn(process.execPath, [TSX, path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      REDIS_URL: redisUp ? 'redis://127.0.0.1:6379' : '',
      LOG_LEVEL: 'info',
      H5_DIR: path.join(dataDir, 'none'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout.on('data', (d) => log.push(String(d)))
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/h5/api/member/loginStatus?p=4`, child)
  await new Promise((r) => setTimeout(r, 1500)) // let every worker listen
  return { base, child, log, stop: () => new Promise((r) => (child.kill('SIGTERM'), child.on('exit', r))) }
}

const api = async (base, method, url, body, token) => {
  const r = await fetch(`${base}/h5${url}${url.includes('?') ? '&' : '?'}p=${method === 'GET' ? 4 : 3}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body || {}),
  })
  return r.json()
}

const rows = []
try {
  for (const workers of [1, 2]) {
    const s = await start(workers)
    const search = await api(s.base, 'GET', `/api/goods/search?keyword=${encodeURIComponent('连衣')}&page=1&pageSize=1`)
    const id = search.data.list[0].id
    for (const [name, url] of [
      ['home/selfList', '/h5/api/home/selfList?p=4'],
      ['goods/detail', `/h5/api/goods/detail?p=4&id=${id}`],
    ]) {
      const r = await measure(`${s.base}${url}`)
      rows.push({ processes: workers, route: name, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors })
    }
    if (workers === 2) {
      // An order burst across both processes on one SKU with 10 units left.
      const { default: pgc } = await import('pg')
      const c = new pgc.Client({ connectionString: pg.url })
      await c.connect()
      const detail = await api(s.base, 'GET', `/api/goods/detail?id=${id}`)
      const sku = detail.data.skus[0].id
      await c.query('UPDATE goods_skus SET stock = 10 WHERE id = $1', [sku])
      const tokens = []
      for (let i = 0; i < 20; i++) {
        const phone = `136${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(2, '0')}`
        await api(s.base, 'GET', `/api/member/getVerificationCode?phone=${phone}`)
        let code
        for (let k = 0; k < 40 && !code; k++) {
          code = [...s.log.join('').matchAll(new RegExp(`sms code (\\d{6}) for ${phone}`, 'g'))].pop()?.[1]
          if (!code) await new Promise((r) => setTimeout(r, 100))
        }
        const t = (await api(s.base, 'POST', '/api/member/phoneRegister', { phone, verificationCode: code })).data.token
        await api(s.base, 'POST', '/api/memberAddress/add', { name: '压测', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 1 号', isDefault: true }, t)
        tokens.push(t)
      }
      const results = await Promise.all(
        tokens.flatMap((t, i) => [0, 1].map((n) => api(s.base, 'POST', '/api/order/submit', { from: 'buyNow', skuId: sku, quantity: 1, requestId: `scale${i}n${n}${Date.now()}` }, t))),
      )
      const created = results.filter((r) => r.code === 200).length
      const {
        rows: [st],
      } = await c.query('SELECT stock FROM goods_skus WHERE id = $1', [sku])
      await c.end()
      const pids = new Set(s.log.join('').match(/pid (\d+)/g) || [])
      console.log(`order burst across ${pids.size} processes: 40 attempts on 10 units → ${created} orders, stock left ${st.stock}, oversold ${Math.max(0, created - 10)}`)
    }
    await s.stop()
  }
} finally {
  await pg.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
console.log(`\nPostgreSQL${redisUp ? ' + Redis' : ''}, ${client}, 100 connections, ${duration} s each, 2 cores shared by the load generator and the server processes\n`)
console.log(table(rows, ['processes', 'route', 'req/s', 'p50 ms', 'p99 ms', 'errors']))
for (const route of ['home/selfList', 'goods/detail']) {
  const one = rows.find((r) => r.processes === 1 && r.route === route)
  const two = rows.find((r) => r.processes === 2 && r.route === route)
  console.log(`${route}: 2 processes / 1 process = ${(two['req/s'] / one['req/s']).toFixed(2)}×`)
}
