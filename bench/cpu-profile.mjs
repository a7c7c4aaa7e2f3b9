// Sums a V8 .cpuprofile (node --cpu-prof) by function: self time, and the share of all samples that are not idle.
// Prints the top N frames (default 25) and the same by file (node_modules packages as one line each).
//
//   node bench/cpu-profile.mjs <file.cpuprofile | folder (the largest .cpuprofile in it)> [--top 25]
// The flash-sale bench writes one per server process with BENCH_CPU_PROF=<folder> (node bench/flash-sale.mjs).
import fs from 'node:fs'
import path from 'node:path'

export function summarise(profile, top = 25) {
  const { nodes, samples, timeDeltas } = profile
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const self = new Map()
  samples.forEach((id, i) => self.set(id, (self.get(id) || 0) + (timeDeltas[i] || 0)))
  const idle = new Set(['(idle)', '(program)', '(garbage collector)'])
  let total = 0
  let busy = 0
  const frames = new Map()
  const files = new Map()
  for (const [id, us] of self) {
    const n = byId.get(id)
    const cf = n.callFrame
    total += us
    if (cf.functionName === '(idle)') continue
    busy += us
    const file = shortFile(cf.url)
    const key = `${cf.functionName || '(anonymous)'}  ${file}${cf.url ? `:${cf.lineNumber + 1}` : ''}`
    frames.set(key, (frames.get(key) || 0) + us)
    const f = idle.has(cf.functionName) ? cf.functionName : packageOf(file)
    files.set(f, (files.get(f) || 0) + us)
  }
  const rows = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({ ms: (us / 1000).toFixed(1), share: `${((us * 100) / busy).toFixed(1)} %`, frame: k }))
  return { totalMs: total / 1000, busyMs: busy / 1000, frames: rows(frames), files: rows(files) }
}

const shortFile = (url) => {
  if (!url) return ''
  const p = url.replace(/^file:\/\//, '')
  const i = p.lastIndexOf('node_modules/')
  if (i >= 0) return p.slice(i)
  const s = p.indexOf('/server/src/')
  return s >= 0 ? p.slice(s + 1) : p.replace(/^node:/, 'node:')
}
const packageOf = (file) => {
  const m = /^node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)
  if (m) return m[1]
  if (file.startsWith('node:') || !file.includes('/')) return file ? 'node internals' : '(native / builtin)'
  return file
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2)
  const ti = argv.indexOf('--top')
  const top = ti >= 0 ? Number(argv[ti + 1]) : 25
  let file = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--top')
  if (!file) {
    console.error('usage: node bench/cpu-profile.mjs <file.cpuprofile | folder> [--top 25]')
    process.exit(2)
  }
  if (fs.statSync(file).isDirectory()) {
    const all = fs
      .readdirSync(file)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(file, f))
    file = all.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]
  }
  const s = summarise(JSON.parse(fs.readFileSync(file, 'utf8')), top)
  console.log(`${file}: ${s.totalMs.toFixed(0)} ms sampled, ${s.busyMs.toFixed(0)} ms not idle\n`)
  console.log('self time by function (share of the non-idle time)')
  for (const r of s.frames) console.log(`${r.ms.padStart(9)} ms ${r.share.padStart(7)}  ${r.frame}`)
  console.log('\nself time by file / package')
  for (const r of s.files) console.log(`${r.ms.padStart(9)} ms ${r.share.padStart(7)}  ${r.frame}`)
}
