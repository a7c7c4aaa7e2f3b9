// A steady load for 10 minutes (default) against the shop (SQLite), sampling the server's resident memory.
// Bound: after a 60 s warm-up, RSS may not grow by more than 40 MB, and the last minute's average must stay within
// 25 MB of the second minute's (no steady climb). Usage: node bench/soak.mjs [--minutes 10] [--rate 200]
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import { startShopServer, table } from './lib.mjs'

const arg = (n, d) => {
  const i = process.argv.indexOf(`--${n}`)
  return i > 0 ? Number(process.argv[i + 1]) : d
}
const minutes = arg('minutes', 10)
const rate = arg('rate', 200)
const BOUND_MB = 40
const DRIFT_MB = 25

const shop = await startShopServer()
// The server runs under tsx's launcher: measure the whole process tree (launcher + server), not the launcher alone.
const children = (pid) => {
  try {
    return execSync(`pgrep -P ${pid}`, { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}
const tree = (pid) => [pid, ...children(pid).flatMap(tree)]
const rssOf = (pid) => {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
    return m ? Number(m[1]) / 1024 : 0
  } catch {
    return 0
  }
}
const rssMb = () => tree(shop.child.pid).reduce((a, p) => a + rssOf(p), 0)
console.log(`measuring processes ${tree(shop.child.pid).join(', ')}`)
try {
  const search = await (await fetch(`${shop.base}/h5/api/goods/search?p=4&keyword=${encodeURIComponent('连衣')}&pageSize=5`)).json()
  const id = search.data.list[0].id
  const paths = [
    `/h5/api/home/selfList?p=4`,
    `/h5/api/goods/detail?p=4&id=${id}`,
    `/h5/api/goods/search?p=4&keyword=${encodeURIComponent('连衣')}&page=1&pageSize=20`,
    `/h5/api/goods/guessYouLike?p=4&page=2&pageSize=10`,
    `/h5/api/goods/categoryTree?p=4`,
  ]
  const { default: autocannon } = await import('autocannon')
  const samples = []
  const started = Date.now()
  const timer = setInterval(() => samples.push({ t: Math.round((Date.now() - started) / 1000), rss: rssMb() }), 10_000)
  const result = await autocannon({ url: shop.base, connections: 20, overallRate: rate, duration: minutes * 60, requests: paths.map((p) => ({ method: 'GET', path: p })) })
  clearInterval(timer)
  const after = samples.filter((s) => s.t >= 60)
  const base = after[0]?.rss ?? samples[0]?.rss
  const max = Math.max(...after.map((s) => s.rss))
  const avg = (xs) => xs.reduce((a, s) => a + s.rss, 0) / Math.max(1, xs.length)
  const second = avg(samples.filter((s) => s.t >= 60 && s.t < 120))
  const last = avg(samples.filter((s) => s.t >= minutes * 60 - 60))
  const rows = samples.filter((_, i) => i % 6 === 0 || i === samples.length - 1).map((s) => ({ s: s.t, 'RSS MB': s.rss.toFixed(1) }))
  console.log(table(rows, ['s', 'RSS MB']))
  console.log(`\n${minutes} min at ${rate} req/s: ${result.requests.total} requests, ${result.errors + result.non2xx} errors, p99 ${result.latency.p99} ms`)
  console.log(
    `RSS after warm-up ${base.toFixed(1)} MB, max ${max.toFixed(1)} MB (growth ${(max - base).toFixed(1)} MB, bound ${BOUND_MB}); minute 2 avg ${second.toFixed(1)} → last minute avg ${last.toFixed(1)} MB (bound ${DRIFT_MB})`,
  )
  const ok = max - base <= BOUND_MB && last - second <= DRIFT_MB && result.errors + result.non2xx === 0
  console.log(ok ? 'within the bound' : 'OVER the bound')
  process.exitCode = ok ? 0 : 1
} finally {
  await shop.stop()
}
