// API throughput: catalogue reads against the seeded shop (SQLite, then PostgreSQL) as a ratio to a bare Fastify route,
// all measured in this one run with autocannon on loopback. Usage: node bench/api.mjs [--duration 10] [--connections 100]
// [--client wrk]: the same rows loaded by wrk (apt-get install wrk), a client in C that leaves the server more of the CPU.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT, freePort, waitFor, startShopServer, freshPostgres, postgresAvailable, load, loadWithWrk, table } from './lib.mjs'

const arg = (n, d) => {
  const i = process.argv.indexOf(`--${n}`)
  return i > 0 ? Number(process.argv[i + 1]) : d
}
const duration = arg('duration', 10)
const connections = arg('connections', 100)
// Every row (the bare route too) is loaded for 3 uncounted seconds first: connections, JIT and caches warm, so that
// the ratios compare steady states.
const useWrk = process.argv.includes('wrk')
const loadOnce = async (url, seconds) => (useWrk ? loadWithWrk(url, { duration: seconds, connections }) : load(url, { duration: seconds, connections }))
const measure = async (url) => {
  await loadOnce(url, 3)
  return loadOnce(url, duration)
}

async function bare() {
  const port = await freePort()
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'bare-server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'inherit' })
  await waitFor(`http://127.0.0.1:${port}/h5/bare`, child)
  const r = await measure(`http://127.0.0.1:${port}/h5/bare`)
  child.kill()
  return r
}

async function catalogue(label, env, afterStart = async () => {}) {
  const shop = await startShopServer(env)
  try {
    await afterStart()
    const goods = await (await fetch(`${shop.base}/h5/api/goods/search?p=4&keyword=${encodeURIComponent('连衣')}&page=1&pageSize=1`)).json()
    const id = goods?.data?.list?.[0]?.id || 1
    const targets = [
      ['goods/detail', `/h5/api/goods/detail?p=4&id=${id}`],
      ['goods/search', `/h5/api/goods/search?p=4&keyword=${encodeURIComponent('连衣')}&page=1&pageSize=20`],
      ['home/selfList', `/h5/api/home/selfList?p=4`],
    ]
    const rows = []
    for (const [name, url] of targets) {
      const check = await (await fetch(`${shop.base}${url}`)).json()
      if (check.code !== 200) throw new Error(`${name} answered ${check.code} ${check.msg}`)
      rows.push({ db: label, route: name, ...(await measure(`${shop.base}${url}`)) })
    }
    return rows
  } finally {
    await shop.stop()
  }
}

const rows = []
const yard = await bare()
rows.push({ db: '-', route: 'bare Fastify', ...yard })
rows.push(...(await catalogue('SQLite', {})))
if (await postgresAvailable()) {
  const pg = await freshPostgres('mall_bench_api')
  try {
    // The seed has just written the catalogue: analyse it now rather than let autovacuum do it during the rows.
    const analyse = async () => {
      const { default: pgc } = await import('pg')
      const c = new pgc.Client({ connectionString: pg.url })
      await c.connect()
      await c.query('VACUUM ANALYZE')
      await c.end()
    }
    rows.push(...(await catalogue('PostgreSQL', { DATABASE_URL: pg.url }, analyse)))
  } finally {
    await pg.drop()
  }
} else console.log('PostgreSQL not reachable: its rows are skipped')

const out = rows.map((r) => ({
  db: r.db,
  route: r.route,
  'req/s': Math.round(r.rps),
  'ratio to bare': r.route === 'bare Fastify' ? '100 %' : `${Math.round((r.rps / yard.rps) * 100)} %`,
  'p50 ms': r.p50,
  'p99 ms': r.p99,
  errors: r.errors,
  verdict: r.route === 'bare Fastify' ? '' : r.rps / yard.rps >= 0.5 && r.p99 <= 25 ? 'meets target' : 'below target',
}))
console.log(`\nAPI reads, ${useWrk ? 'wrk' : 'autocannon'}, ${connections} connections, ${duration} s each, 2 cores (load generator and server share them)\n`)
console.log(table(out, ['db', 'route', 'req/s', 'ratio to bare', 'p50 ms', 'p99 ms', 'errors', 'verdict']))
