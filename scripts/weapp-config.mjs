// Writes project.config.json for WeChat DevTools with the mini-program's app id from the environment:
//   WX_MINI_APPID=wx0123456789abcdef node scripts/weapp-config.mjs   (default: touristappid, DevTools' test id)
// The output folder follows TARO_OUTPUT (default dist/weapp). When the build is there already, its copy of
// project.config.json is updated too (DevTools may be pointed at either).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const APPID_RE = /^(wx[0-9a-f]{16}|touristappid)$/

export function projectConfig(appid, outputRoot = 'dist/weapp', base = {}) {
  if (!APPID_RE.test(appid)) throw new Error(`WX_MINI_APPID must look like wx + 16 hex digits (or touristappid), got "${appid}"`)
  const dir = `${outputRoot.replace(/\\/g, '/').replace(/\/+$/, '')}/`
  return {
    ...base,
    miniprogramRoot: dir,
    srcMiniprogramRoot: dir,
    projectname: base.projectname || 'mall',
    description: base.description || '中文移动商城（含代理后台）',
    appid,
    compileType: 'miniprogram',
    libVersion: base.libVersion || '3.3.4',
    setting: {
      urlCheck: true,
      es6: false,
      enhance: false,
      compileHotReLoad: false,
      postcss: false,
      minified: false,
      ...(base.setting || {}),
    },
    condition: base.condition || {},
  }
}

function main() {
  const appid = (process.env.WX_MINI_APPID || 'touristappid').trim()
  const outputRoot = process.env.TARO_OUTPUT || 'dist/weapp'
  const file = path.join(root, 'project.config.json')
  const base = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}
  const config = projectConfig(appid, outputRoot, base)
  fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`)
  const built = path.join(root, outputRoot, 'project.config.json')
  if (fs.existsSync(built)) {
    const inner = JSON.parse(fs.readFileSync(built, 'utf8'))
    fs.writeFileSync(built, `${JSON.stringify({ ...inner, appid }, null, 2)}\n`)
  }
  console.log(`project.config.json: appid ${appid}, miniprogramRoot ${config.miniprogramRoot}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
