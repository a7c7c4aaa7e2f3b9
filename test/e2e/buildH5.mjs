// Specs whose H5 needs its own build-time configuration (WeChat app id, host names) build it into their
// own dist folder. run.mjs builds only dist/h5-e2e; with SKIP_BUILD set an existing build is reused.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from './harness.mjs'

/** Client build variables (config/index.ts clientEnv): cleared unless the spec sets them, so the caller's shell cannot leak into a build. */
const CLIENT_ENV = ['API_ORIGIN', 'MAIN_HOST', 'ENTRY_HOSTS', 'LOGIN_REDIRECT_HOSTS', 'WX_H5_APPID', 'WX_JSSDK_URL', 'WX_OAUTH_URL']

/**
 * Builds the H5 into dist/<name> with `env` (unless SKIP_BUILD is set and the build exists); resolves the
 * folder. The build's variables are written to dist/<name>/.e2e-env.json: a reused build made with other
 * values is rebuilt.
 */
export async function ensureH5Build(name, env) {
  const dir = path.join(ROOT, 'dist', name)
  const stamp = path.join(dir, '.e2e-env.json')
  const wanted = JSON.stringify(Object.fromEntries(CLIENT_ENV.map((k) => [k, env[k] || ''])))
  const same = fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted
  if (process.env.SKIP_BUILD && same) return dir
  const started = Date.now()
  console.log(`e2e: building the H5 into dist/${name}…`)
  const clean = Object.fromEntries(CLIENT_ENV.map((k) => [k, '']))
  await new Promise((resolve, reject) => {
    const child = spawn('npx', ['taro', 'build', '--type', 'h5'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...clean, ...env, NODE_ENV: 'production', TARO_OUTPUT: path.relative(ROOT, dir) },
    })
    let err = ''
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)))
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`taro build into dist/${name} failed (${code}): ${err}`))))
  })
  fs.writeFileSync(stamp, wanted)
  console.log(`e2e: dist/${name} built in ${Math.round((Date.now() - started) / 1000)} s`)
  return dir
}
