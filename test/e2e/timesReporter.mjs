// A node:test reporter for run.mjs: at the end of the run, each spec file's wall time (its shop's start, its
// browser and every test), slowest first, with its slowest tests. Where the e2e's time goes, on every run.
import path from 'node:path'

const SLOWEST_TESTS = 3

export default async function* times(source) {
  const files = new Map() // file → { ms, tests: [{ name, ms }] }
  const entry = (file) => files.get(file) || files.set(file, { ms: 0, tests: [] }).get(file)
  for await (const ev of source) {
    const d = ev.data
    if (!d?.file) continue
    // The file itself completes as a test named by its path, with the file's wall time.
    if (ev.type === 'test:complete' && d.name === d.file) entry(d.file).ms = d.details?.duration_ms || 0
    else if ((ev.type === 'test:pass' || ev.type === 'test:fail') && d.nesting === 0) entry(d.file).tests.push({ name: d.name, ms: d.details?.duration_ms || 0 })
  }
  if (!files.size) return
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms)
  const total = rows.reduce((a, [, f]) => a + f.ms, 0)
  let out = `\ne2e times (wall time per spec file, slowest first; ${s(total)} summed):\n`
  for (const [file, f] of rows) {
    const slow = [...f.tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_TESTS)
    out += `  ${s(f.ms).padStart(8)}  ${path.basename(file)} (${f.tests.length} tests)\n`
    for (const t of slow) out += `  ${''.padStart(8)}    ${s(t.ms).padStart(8)}  ${t.name.slice(0, 100)}\n`
  }
  yield out
}
