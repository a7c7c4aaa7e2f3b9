// Type-checks every TypeScript project of the repository, two at a time (tsc uses one core; the machine has 2):
// the client app (tsconfig.json), the server with its tests and benches in strict mode (server/tsconfig.json),
// and the merchant console (admin/tsconfig.json) when it exists. Ends with "typecheck: N passed, M failed".
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const projects = [
  ['client', 'tsconfig.json'],
  ['server', 'server/tsconfig.json'],
  ['console', 'admin/tsconfig.json'],
].filter(([, file]) => fs.existsSync(path.join(root, file)))

/** Runs one project's tsc; its output is printed whole when it ends, so two projects' errors do not interleave. */
function check([name, file]) {
  const started = Date.now()
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [tsc, '--noEmit', '-p', file], { cwd: root })
    let out = ''
    c.stdout.on('data', (d) => (out += d))
    c.stderr.on('data', (d) => (out += d))
    c.on('close', (code) => {
      process.stdout.write(out)
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${file}) ${Math.round((Date.now() - started) / 1000)}s`)
      resolve(code === 0)
    })
  })
}

const queue = [...projects]
const results = []
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) results.push(await check(queue.shift()))
  }),
)
const passed = results.filter(Boolean).length
const failed = results.length - passed
console.log(`typecheck: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
