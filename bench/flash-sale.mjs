// Flash sale under a crowd: N attempts (default 10,000 from 2,000 members, each allowed 1) at one item with a stock
// of 100, over real HTTP with keep-alive, against (1) one server on SQLite, (2) one server on PostgreSQL, (3) two
// server processes on PostgreSQL sharing the Redis stock gate. Prints attempts/s, p50/p99 latency, orders created,
// oversold (must be 0) and members over their limit (must be 0), read back from the database afterwards.
//
//   node bench/flash-sale.mjs [--attempts 10000] [--members 2000] [--stock 100] [--limit 1] [--concurrency 200] [--warmup 3000]
//                             [--only bare,sqlite,pg,pg-redis]
// "bare" is the yardstick: a bare Fastify process answering the same request, measured with the same client.
// PostgreSQL: BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres); Redis: BENCH_REDIS_URL
// (default redis://127.0.0.1:6379). Scenarios whose database is not reachable are skipped with a message.
// BENCH_CPU_PROF=<folder>: each server process writes a V8 CPU profile there (node --cpu-prof), and the bench prints
// its top frames over the counted attempts only (bench/cpu-profile.mjs; startup and warm-up left out).
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { ROOT, TSX, freePort, waitFor, freshPostgres, postgresAvailable, table, percentile, cpuMicros, servingPid } from './lib.mjs'
import { summarise } from './cpu-profile.mjs'

const require = createRequire(import.meta.url)

function options(argv = process.argv.slice(2)) {
  const get = (n, d) => {
    const i = argv.indexOf(`--${n}`)
    return i >= 0 ? argv[i + 1] : d
  }
  return {
    attempts: Number(get('attempts', 10000)),
    members: Number(get('members', 2000)),
    stock: Number(get('stock', 100)),
    limit: Number(get('limit', 1)),
    concurrency: Number(get('concurrency', 200)),
    warmup: Number(get('warmup', 3000)),
    only: String(get('only', 'bare,sqlite,pg,pg-redis')).split(','),
    redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
  }
}

/** Runs the setup helper (migrations + bench data) for a database; returns { itemId, skuId, tokens }. */
function setup(env, o) {
  const out = path.join(os.tmpdir(), `flash-bench-${crypto.randomBytes(4).toString('hex')}.json`)
  const r = spawnSync(process.execPath, [TSX, path.join(ROOT, 'bench', 'flash-sale-setup.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, MEMBERS: String(o.members), STOCK: String(o.stock), LIMIT: String(o.limit), OUT: out },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (r.status !== 0) throw new Error('bench setup failed')
  const data = JSON.parse(fs.readFileSync(out, 'utf8'))
  fs.rmSync(out, { force: true })
  return data
}

const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : ''

async function startServer(env) {
  const port = await freePort()
  // Profiled: node itself runs the server with tsx as its loader (--cpu-prof is not allowed in NODE_OPTIONS).
  const profDir = PROFILE_DIR && fs.mkdtempSync(path.join(PROFILE_DIR, 'server-'))
  const main = path.join(ROOT, 'server', 'src', 'main.ts')
  const args = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', main] : [TSX, main]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', H5_DIR: path.join(os.tmpdir(), 'no-h5'), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(`http://127.0.0.1:${port}/h5/api/member/loginStatus?p=4`, child)
  return {
    port,
    profDir,
    // The serving process: tsx runs the shop in a child of the launcher (profiled: node runs it itself).
    pid: profDir ? child.pid : servingPid(child.pid),
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)))
    },
  }
}

/**
 * The top frames of a server's CPU profile over its last `lastMs` (the counted attempts and the shutdown; startup,
 * migrations and the warm-up left out). The server process's profile is the largest file in its folder.
 */
function profileTop(label, profDir, lastMs) {
  if (!profDir) return
  const files = fs.readdirSync(profDir).map((f) => path.join(profDir, f))
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]
  if (!file) return
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'))
  const from = profile.endTime - lastMs * 1000
  // Keep the samples of the window (timeDeltas are gaps between samples, starting at startTime).
  let t = profile.startTime
  const samples = []
  const timeDeltas = []
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]
    if (t >= from) {
      samples.push(id)
      timeDeltas.push(profile.timeDeltas[i])
    }
  })
  const s = summarise({ ...profile, samples, timeDeltas }, 25)
  console.log(`\n${label}: CPU profile ${file}, last ${Math.round(lastMs)} ms: ${s.busyMs.toFixed(0)} ms not idle`)
  for (const r of s.frames) console.log(`${r.ms.padStart(9)} ms ${r.share.padStart(7)}  ${r.frame}`)
  console.log('  by file / package:')
  for (const r of s.files.slice(0, 12)) console.log(`${r.ms.padStart(9)} ms ${r.share.padStart(7)}  ${r.frame}`)
}

const NO_SUCH_TOKEN = 'warm-up-token-of-no-member'

/**
 * Fires the attempts with `concurrency` in flight over keep-alive connections, spread over the ports. The
 * client is undici's connection pool: Node's http module tops out at about 4,000 requests/s on one core,
 * below what the server can answer, and the bench would measure the client.
 */
async function crowd(ports, itemId, tokens, o, pids = []) {
  const { Pool } = await import('undici')
  const pools = ports.map((port) => new Pool(`http://127.0.0.1:${port}`, { connections: Math.ceil(o.concurrency / ports.length), pipelining: 1 }))
  const latencies = new Array(o.attempts)
  const codes = new Map()
  let next = 0
  const one = async (i, token = tokens[i % tokens.length]) => {
    const body = JSON.stringify({ itemId, quantity: 1, requestId: `b${i}-${crypto.randomBytes(4).toString('hex')}` })
    const started = performance.now()
    let code = 'error'
    try {
      const res = await pools[i % pools.length].request({ path: '/h5/api/seckill/submit?p=3', method: 'POST', headers: { 'content-type': 'application/json', token }, body })
      const raw = await res.body.text()
      try {
        code = JSON.parse(raw).code
      } catch {
        code = 'bad'
      }
    } catch {}
    latencies[i] = performance.now() - started
    codes.set(code, (codes.get(code) || 0) + 1)
  }
  // Members in a shuffled order: each member's attempts are spread over the run, as a crowd would be.
  const order = Array.from({ length: o.attempts }, (_, i) => i)
  for (let i = order.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1)
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  // Warm-up, not counted: the same requests with a token no member has (refused as logged out after the
  // sale's public checks, nothing written), so that the connections are open and the server's and the
  // client's code is compiled when the sale starts.
  let warm = 0
  const warmer = async () => {
    while (warm < o.warmup) await one(warm++, NO_SUCH_TOKEN)
  }
  await Promise.all(Array.from({ length: Math.min(o.concurrency, o.warmup) }, warmer))
  latencies.fill(undefined)
  codes.clear()
  const cpu = () => pids.reduce((sum, pid) => (sum === null || cpuMicros(pid) === null ? null : sum + cpuMicros(pid)), 0)
  const cpuBefore = cpu()
  const started = performance.now()
  const worker = async () => {
    while (next < o.attempts) await one(order[next++])
  }
  await Promise.all(Array.from({ length: o.concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = cpu()
  await Promise.all(pools.map((p) => p.close()))
  // The servers' CPU time (user + system, all their processes) per counted attempt: it moves far less with the
  // machine's other load than the rates do (docs/BENCHMARKS.md).
  const cpuPerAttempt = pids.length && cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / o.attempts : null
  return { seconds, latencies, codes, startedAt: started, cpuPerAttempt }
}

/** What the database says: orders made, quota sold, SKU stock, and members over the limit. */
async function verify(query, itemId, skuId, o) {
  const [live] = await query(
    `SELECT COALESCE(SUM(so.quantity), 0) AS q, COUNT(*) AS n FROM seckill_orders so JOIN orders o ON o.id = so.order_id WHERE so.item_id = ${itemId} AND o.status <> 'cancelled'`,
  )
  const [item] = await query(`SELECT sold, quota FROM seckill_items WHERE id = ${itemId}`)
  const [sku] = await query(`SELECT stock FROM goods_skus WHERE id = ${skuId}`)
  const [over] = await query(
    `SELECT COUNT(*) AS n FROM (SELECT so.member_id FROM seckill_orders so JOIN orders o ON o.id = so.order_id WHERE so.item_id = ${itemId} AND o.status <> 'cancelled' GROUP BY so.member_id HAVING SUM(so.quantity) > ${o.limit}) x`,
  )
  const qty = Number(live.q)
  const oversold = Math.max(0, qty - o.stock, Number(item.sold) - Number(item.quota), -Number(sku.stock))
  return { orders: Number(live.n), sold: Number(item.sold), skuStock: Number(sku.stock), oversold, overLimit: Number(over.n) }
}

async function scenario(name, o) {
  if (name === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-flash-'))
    const data = setup({ DATA_DIR: dataDir, DATABASE_URL: '' }, o)
    const s = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' })
    try {
      const run = await crowd([s.port], data.itemId, data.tokens, o, [s.pid])
      await s.stop()
      profileTop('SQLite', s.profDir, performance.now() - run.startedAt)
      const Database = require('better-sqlite3')
      const db = new Database(path.join(dataDir, 'mall.sqlite'), { readonly: true })
      const v = await verify(async (q) => db.prepare(q).all(), data.itemId, data.skuId, o)
      db.close()
      return { run, v, label: 'SQLite, 1 process, memory gate' }
    } finally {
      await s.stop().catch(() => {})
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const withRedis = name === 'pg-redis'
  const pgdb = await freshPostgres(withRedis ? 'mall_bench_flash_redis' : 'mall_bench_flash')
  const servers = []
  try {
    const data = setup({ DATABASE_URL: pgdb.url, DATA_DIR: os.tmpdir() }, o)
    const env = { DATABASE_URL: pgdb.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mall-flash-')), REDIS_URL: withRedis ? o.redisUrl : '' }
    if (withRedis) {
      // A clean gate for this item (keys of an earlier run with the same item id would be reconciled anyway).
      const Redis = require('ioredis')
      const r = new Redis(o.redisUrl)
      await r.del(...['stock', 'inflight', 'members', 'mflight', 'settled'].map((k) => `mall:{sk:${data.itemId}}:${k}`))
      await r.quit()
    }
    for (let i = 0; i < (withRedis ? 2 : 1); i++) servers.push(await startServer(env))
    const run = await crowd(
      servers.map((s) => s.port),
      data.itemId,
      data.tokens,
      o,
      servers.map((s) => s.pid),
    )
    for (const s of servers) await s.stop()
    const lastMs = performance.now() - run.startedAt
    servers.forEach((s, i) => profileTop(`PostgreSQL${withRedis ? `, process ${i + 1} of 2` : ''}`, s.profDir, lastMs))
    const { default: pg } = await import('pg')
    const c = new pg.Client({ connectionString: pgdb.url })
    await c.connect()
    const v = await verify(async (q) => (await c.query(q)).rows, data.itemId, data.skuId, o)
    await c.end()
    return { run, v, label: withRedis ? 'PostgreSQL, 2 processes, Redis gate' : 'PostgreSQL, 1 process, memory gate' }
  } finally {
    for (const s of servers) await s.stop().catch(() => {})
    await pgdb.drop().catch(() => {})
  }
}

/**
 * The yardstick measured in the same run with the same client: a bare Fastify process (no database, no auth)
 * answering every attempt with the sold-out envelope. What one server process can answer on this machine.
 */
async function bare(o) {
  const port = await freePort()
  const code = `import Fastify from 'fastify'
const app = Fastify({ logger: false })
app.post('/h5/api/seckill/submit', async () => ({ code: 3006, msg: '手慢了，商品已被抢光', data: {} }))
await app.listen({ port: ${port}, host: '127.0.0.1' })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  try {
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/h5/api/seckill/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        break
      } catch {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    return await crowd([port], 1, ['x'], o, [child.pid])
  } finally {
    child.kill()
  }
}

async function redisAvailable(url) {
  try {
    const Redis = require('ioredis')
    const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500, retryStrategy: () => null })
    await r.connect()
    await r.ping()
    await r.quit()
    return true
  } catch {
    return false
  }
}

const cpuCell = (run) => (run.cpuPerAttempt == null ? '' : run.cpuPerAttempt.toFixed(0))

export async function main(argv) {
  const o = options(argv)
  const rows = []
  if (o.only.includes('bare')) {
    const run = await bare(o)
    rows.push({
      setup: 'bare Fastify answering 已抢光 (yardstick)',
      attempts: o.attempts,
      'attempts/s': Math.round(o.attempts / run.seconds),
      'p50 ms': percentile(run.latencies, 50).toFixed(1),
      'p99 ms': percentile(run.latencies, 99).toFixed(1),
      'server µs/attempt': cpuCell(run),
      orders: '-',
      oversold: '-',
      'over limit': '-',
      answers: [...run.codes.entries()].map(([c, n]) => `${c}:${n}`).join(' '),
    })
  }
  for (const name of o.only.filter((x) => x !== 'bare')) {
    if (name !== 'sqlite' && !(await postgresAvailable())) {
      console.log(`flash-sale ${name}: PostgreSQL not reachable (BENCH_PG_ADMIN_URL), skipped`)
      continue
    }
    if (name === 'pg-redis' && !(await redisAvailable(o.redisUrl))) {
      console.log(`flash-sale ${name}: Redis not reachable (BENCH_REDIS_URL), skipped`)
      continue
    }
    const { run, v, label } = await scenario(name, o)
    const codes = [...run.codes.entries()]
      .sort()
      .map(([c, n]) => `${c}:${n}`)
      .join(' ')
    rows.push({
      setup: label,
      attempts: o.attempts,
      'attempts/s': Math.round(o.attempts / run.seconds),
      'p50 ms': percentile(run.latencies, 50).toFixed(1),
      'p99 ms': percentile(run.latencies, 99).toFixed(1),
      'server µs/attempt': cpuCell(run),
      orders: v.orders,
      oversold: v.oversold,
      'over limit': v.overLimit,
      answers: codes,
    })
    console.log(`flash-sale ${name}: done (${codes}; sold ${v.sold}, SKU stock left ${v.skuStock})`)
  }
  console.log(`\nFlash sale: ${o.attempts} attempts from ${o.members} members (limit ${o.limit} each) at a stock of ${o.stock}, ${o.concurrency} in flight, on ${os.cpus().length} cores\n`)
  const bareRate = rows.find((r) => r.orders === '-')?.['attempts/s']
  for (const r of rows) r['share of bare'] = bareRate && r.orders !== '-' ? `${Math.round((r['attempts/s'] * 100) / bareRate)} %` : '-'
  console.log(table(rows, ['setup', 'attempts', 'attempts/s', 'share of bare', 'p50 ms', 'p99 ms', 'server µs/attempt', 'orders', 'oversold', 'over limit', 'answers']))
  console.log('\nserver µs/attempt: CPU time (user + system) of the server process(es) per counted attempt, 10 ms clock ticks')
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')
  console.log(`\nload average after the run: ${load} (other processes on the machine share these cores)`)
  const bad = rows.some((r) => r.oversold !== '-' && (r.oversold !== 0 || r['over limit'] !== 0))
  if (bad) console.error('\nFAILED: oversold or members over their limit')
  return { rows, ok: !bad }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (r) => process.exit(r.ok ? 0 : 1),
    (err) => {
      console.error(err)
      process.exit(1)
    },
  )
}
