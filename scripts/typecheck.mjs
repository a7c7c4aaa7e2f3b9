// Type-checks every TypeScript project of the repository, one after the other (the machine has 2 cores):
// the client app (tsconfig.json), the server with its tests and benches in strict mode (server/tsconfig.json),
// and the merchant console (admin/tsconfig.json) when it exists. Ends with "typecheck: N passed, M failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const projects = [
  ['client', 'tsconfig.json'],
  ['server', 'server/tsconfig.json'],
  ['console', 'admin/tsconfig.json'],
].filter(([, file]) => fs.existsSync(path.join(root, file)))

let passed = 0
let failed = 0
for (const [name, file] of projects) {
  const started = Date.now()
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', file], { cwd: root, stdio: 'inherit' })
  const ok = r.status === 0
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${file}) ${Math.round((Date.now() - started) / 1000)}s`)
  if (ok) passed += 1
  else failed += 1
}
console.log(`typecheck: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
