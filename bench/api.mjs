// API throughput: catalogue reads against the seeded shop (SQLite, then PostgreSQL) as a ratio to a bare Fastify route,
// all measured in this one run with autocannon on loopback. Usage: node bench/api.mjs [--duration 10] [--connections 100]
// [--client wrk]: the same rows loaded by wrk (apt-get install wrk), a client in C that leaves the server more of the CPU.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, freePort, waitFor, startShopServer, freshPostgres, postgresAvailable, load, loadWithWrk, table, cpuMicros, servingPid } from './lib.mjs'

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

/**
 * Loads a URL; with `pid`, also the server's CPU time per request over the counted seconds. On a machine that other
 * work loads, the rates of two rows measured seconds apart move with that load; the server's CPU per request moves far
 * less, so it is the figure to compare between runs (and the bare route's against a read's).
 */
const measure = async (url, pid) => {
  await loadOnce(url, 3)
  const before = pid ? cpuMicros(pid) : null
  const r = await loadOnce(url, duration)
  const after = pid ? cpuMicros(pid) : null
  return { ...r, cpuPerRequest: before !== null && after !== null && r.total ? (after - before) / r.total : null }
}

/** The bare Fastify route loaded like a catalogue row: its small envelope, or `body` (the row's own answer). */
async function bare(body) {
  const port = await freePort()
  const env = { ...process.env, PORT: String(port) }
  if (body) {
    env.BARE_BODY_FILE = path.join(os.tmpdir(), `bench-bare-${process.pid}.json`)
    fs.writeFileSync(env.BARE_BODY_FILE, body)
  }
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'bare-server.mjs')], { env, stdio: 'inherit' })
  try {
    const url = `http://127.0.0.1:${port}/h5/bare`
    await waitFor(url, child)
    const bytes = (await (await fetch(url)).arrayBuffer()).byteLength
    return { ...(await measure(url, child.pid)), bytes }
  } finally {
    child.kill()
    if (body) fs.rmSync(env.BARE_BODY_FILE, { force: true })
  }
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
      const body = await (await fetch(`${shop.base}${url}`)).text()
      const check = JSON.parse(body)
      if (check.code !== 200) throw new Error(`${name} answered ${check.code} ${check.msg}`)
      const measured = await measure(`${shop.base}${url}`, servingPid(shop.child.pid))
      // Right after, a bare route sending the same answer: what Fastify alone does with a body of this size.
      rows.push({ db: label, route: name, ...measured, bytes: Buffer.byteLength(body), sameBody: await bare(body) })
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

// The verdict compares each read with the bare route sending the same answer: the small envelope's rate is mostly
// bounded by bytes (the loopback write and autocannon's parsing of a 2-9 KB body cost more than the shop's code), so
// its ratio is printed too but measures the body's size rather than the server (docs/BENCHMARKS.md, API reads).
const pct = (a, b) => `${Math.round((a / b) * 100)} %`
const out = rows.map((r) => ({
  db: r.db,
  route: r.route === 'bare Fastify' ? 'bare Fastify (small envelope)' : r.route,
  'body KB': (r.bytes / 1024).toFixed(1),
  'req/s': Math.round(r.rps),
  'bare, same body': r.sameBody ? Math.round(r.sameBody.rps) : '',
  'ratio, same body': r.sameBody ? pct(r.rps, r.sameBody.rps) : '',
  'ratio, small envelope': r.sameBody ? pct(r.rps, yard.rps) : '100 %',
  'server µs/req': r.cpuPerRequest == null ? '' : r.cpuPerRequest.toFixed(1),
  'bare µs/req': r.sameBody?.cpuPerRequest == null ? '' : r.sameBody.cpuPerRequest.toFixed(1),
  'p50 ms': r.p50,
  'p99 ms': r.p99,
  errors: r.errors,
  verdict: r.sameBody ? (r.rps / r.sameBody.rps >= 0.5 && r.p99 <= 25 ? 'meets target' : 'below target') : '',
}))
console.log(`\nAPI reads, ${useWrk ? 'wrk' : 'autocannon'}, ${connections} connections, ${duration} s each, 2 cores (load generator and server share them)\n`)
console.log(table(out, ['db', 'route', 'body KB', 'req/s', 'bare, same body', 'ratio, same body', 'ratio, small envelope', 'server µs/req', 'bare µs/req', 'p50 ms', 'p99 ms', 'errors', 'verdict']))
console.log(
  `\nserver µs/req: CPU time (user + system) of the serving process per request over the counted seconds; bare µs/req: the same for the bare route sending that row's answer. Load average now: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
