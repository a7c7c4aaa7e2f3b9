// Shared bench helpers: start servers as child processes, wait for them, run autocannon, print tables.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
export const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/** CPU time (user + system, µs) the process has used so far: Linux /proc; null elsewhere. */
export const cpuMicros = (pid) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1e6) / 100 // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return null
  }
}
/** The process that serves: tsx runs the shop in a child of the process the bench started. */
export const servingPid = (pid) => {
  try {
    const kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    return kids.length ? Number(kids[kids.length - 1]) : pid
  } catch {
    return pid
  }
}

export async function waitFor(url, child, ms = 90_000) {
  const t = Date.now()
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`process exited before answering ${url}`)
    try {
      const r = await fetch(url)
      if (r.ok) return
    } catch {}
    if (Date.now() - t > ms) throw new Error(`timeout waiting for ${url}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Starts the shop server (no H5 needed) with its own data folder. Returns { base, child, stop }. */
export async function startShopServer(env = {}) {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-bench-'))
  const child = spawn(process.execPath, [TSX, path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', H5_DIR: path.join(dataDir, 'no-h5'), DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/h5/api/member/loginStatus?p=4`, child)
  return {
    base,
    child,
    dataDir,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A fresh PostgreSQL database for one bench run; returns its URL and a drop function. */
export async function freshPostgres(name) {
  const admin = process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const { default: pg } = await import('pg')
  const c = new pg.Client({ connectionString: admin })
  await c.connect()
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await c.query(`CREATE DATABASE ${name}`)
  await c.end()
  const u = new URL(admin)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin })
      await d.connect()
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await d.end()
    },
  }
}

export async function postgresAvailable() {
  try {
    const { default: pg } = await import('pg')
    const c = new pg.Client({ connectionString: process.env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 2000 })
    await c.connect()
    await c.end()
    return true
  } catch {
    return false
  }
}

export async function load(url, { connections = 100, duration = 10, headers = {} } = {}) {
  const { default: autocannon } = await import('autocannon')
  const r = await autocannon({ url, connections, duration, headers })
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total }
}

/** wrk (Debian package `wrk`): a load generator in C that needs a fraction of autocannon's CPU per request. */
export function wrkAvailable() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (e) {
    return e.status === 1 // wrk --version prints its version and exits with 1
  }
}

/** Same answer as load(), measured with wrk (one thread); non-2xx answers count as errors. */
export function loadWithWrk(url, { connections = 100, duration = 10 } = {}) {
  const out = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', url], { encoding: 'utf8' })
  const ms = (label) => {
    const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`))
    if (!m) return null
    const v = Number(m[1])
    return Math.round((m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v) * 10) / 10
  }
  const total = Number(out.match(/(\d+) requests in/)[1])
  const errors =
    Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] || 0) +
    (out
      .match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
      ?.slice(1)
      .reduce((a, b) => a + Number(b), 0) || 0)
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]), p50: ms(50), p99: ms(99), errors, total }
}

export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)))
  const line = (cells) => `| ${cells.map((v, i) => String(v ?? '').padEnd(widths[i])).join(' | ')} |`
  const out = [line(columns), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map((r) => line(columns.map((c) => r[c])))]
  return out.join('\n')
}

export const percentile = (values, p) => {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

/** The production H5 build the first-load benchmarks measure (built into dist/h5-bench unless BENCH_H5_DIR is given). */
export async function ensureH5Build() {
  const dir = process.env.BENCH_H5_DIR || path.join(ROOT, 'dist', 'h5-bench')
  if (!fs.existsSync(path.join(dir, 'index.html')) || process.env.BENCH_REBUILD) {
    const { spawnSync } = await import('node:child_process')
    console.log(`building the H5 into ${path.relative(ROOT, dir)}…`)
    const r = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', TARO_OUTPUT: path.relative(ROOT, dir) },
    })
    if (r.status !== 0) throw new Error('H5 build failed')
  }
  return dir
}

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium'
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
