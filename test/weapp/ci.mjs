// WeChat's CI module (miniprogram-ci), offline: its local compile (getCompiledResult with es7 + minify) checks
// app.json, page and component JSON, missing page files, tab bar pages and icons, component paths, and parses
// every JS and WXSS file. It would fetch the project's settings from WeChat: its default project attributes
// are passed instead, with a throwaway RSA key generated here, so it runs with no network.
// miniprogram-ci is large (about 280 MB) and not a dependency of the shop: installed on first use into
// .cache/miniprogram-ci (gitignored; CI caches the folder), pinned to MINIPROGRAM_CI_VERSION.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export const MINIPROGRAM_CI_VERSION = '2.1.42'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const prefix = path.join(root, '.cache', 'miniprogram-ci')

/** Installs miniprogram-ci into the cache folder when it is missing; answers its folder, or throws. */
export function ensureMiniprogramCi() {
  const pkg = path.join(prefix, 'node_modules', 'miniprogram-ci', 'package.json')
  if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).version === MINIPROGRAM_CI_VERSION) return path.dirname(pkg)
  const t = Date.now()
  console.log(`installing miniprogram-ci@${MINIPROGRAM_CI_VERSION} into .cache/miniprogram-ci (about 280 MB, once)`)
  fs.mkdirSync(prefix, { recursive: true })
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `miniprogram-ci@${MINIPROGRAM_CI_VERSION}`], { stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`npm install miniprogram-ci failed (exit ${r.status})`)
  console.log(`(miniprogram-ci installed in ${((Date.now() - t) / 1000).toFixed(0)} s)`)
  return path.dirname(pkg)
}

export async function checkMiniprogramCi(out, check) {
  let dir
  try {
    dir = ensureMiniprogramCi()
  } catch (e) {
    check('miniprogram-ci is installed', false, e.message)
    return
  }
  const require = createRequire(path.join(dir, 'package.json'))
  const ci = require(dir)
  const { DefaultProjectAttr } = require(path.join(dir, 'dist', 'config', 'config'))
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-ci-'))
  const keyPath = path.join(keyDir, 'private.key')
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  fs.writeFileSync(keyPath, privateKey.export({ type: 'pkcs1', format: 'pem' }))
  const appid = JSON.parse(fs.readFileSync(path.join(root, 'project.config.json'), 'utf8')).appid
  try {
    const project = new ci.Project({
      appid: /^wx[0-9a-f]{16}$/.test(appid) ? appid : 'wx0000000000000000',
      type: 'miniProgram',
      projectPath: out,
      privateKeyPath: keyPath,
      ignores: ['node_modules/**/*'],
    })
    // Offline: the project's attributes (limits, flags) from the module's defaults instead of WeChat's servers.
    project.attr = async () => DefaultProjectAttr
    const result = await ci.getCompiledResult({
      project,
      version: '0.0.0',
      setting: { es6: false, es7: true, minify: true, minifyJS: true, minifyWXML: true, minifyWXSS: true, autoPrefixWXSS: true },
      onProgressUpdate: () => {},
    })
    const files = Object.keys(result)
    check(`miniprogram-ci compiles the build offline (es7 + minify): ${files.length} files`, files.some((f) => /app-service\.js$|app\.js$/.test(f)) || files.length > 0, `no output`)
  } catch (e) {
    check('miniprogram-ci compiles the build offline (es7 + minify)', false, String(e?.message || e).slice(0, 2000))
  } finally {
    fs.rmSync(keyDir, { recursive: true, force: true })
  }
}

// Run alone: node test/weapp/ci.mjs [dist/weapp]   (exits itself: the module may keep handles open)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let failed = 0
  await checkMiniprogramCi(path.resolve(process.argv[2] || 'dist/weapp'), (name, ok, detail) => {
    if (!ok) failed += 1
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? `: ${detail}` : ''}`)
  })
  process.exit(failed ? 1 : 0)
}
