// Type-checks every TypeScript project of the repository, two at a time (tsc uses one core; the machine has 2):
// the client app (tsconfig.json), the server with its tests and benches in strict mode (server/tsconfig.json),
// and the merchant console (admin/tsconfig.json) when it exists. Ends with "typecheck: N passed, M failed".
import fs from 'node:fs'
import path from 'node:path'
import { runSideBySide } from './sideBySide.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const projects = [
  ['client', 'tsconfig.json'],
  ['server', 'server/tsconfig.json'],
  ['console', 'admin/tsconfig.json'],
].filter(([, file]) => fs.existsSync(path.join(root, file)))

const { passed, failed } = await runSideBySide(
  projects.map(([name, file]) => ({ label: `${name} (${file})`, cmd: process.execPath, args: [tsc, '--noEmit', '-p', file] })),
  { cwd: root },
)
console.log(`typecheck: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
