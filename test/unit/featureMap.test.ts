import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(__dirname, '..', '..')

test('docs/feature-map.md matches the code (regenerate with npx tsx scripts/feature-map.ts)', () => {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/feature-map.ts', '--check'], { cwd: root, encoding: 'utf8' })
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)
})
