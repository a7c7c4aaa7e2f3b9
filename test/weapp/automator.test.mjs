// Mini-program end-to-end suite through WeChat DevTools (miniprogram-automator): login, tab switch, add to cart.
//
// DevTools exists only for Windows and macOS, so this runs only when WECHAT_DEVTOOLS_CLI points at its cli
// (macOS: /Applications/wechatwebdevtools.app/Contents/MacOS/cli; DevTools > Settings > Security: service port on).
// Otherwise it says it is skipped and why, and passes. miniprogram-automator is not a dependency of the shop:
// install it where you run this (npm i -D miniprogram-automator). Steps:
//   1. build the mini-program against a server the simulator can reach:
//        API_ORIGIN=http://127.0.0.1:3199 npm run test:weapp     (builds dist/weapp and checks it)
//   2. WECHAT_DEVTOOLS_CLI=... node --test test/weapp/automator.test.mjs
// The suite starts the shop's server itself on AUTOMATOR_PORT (3199) with a fresh data folder (seeded
// catalogue, SMS codes read from its log), and drives the build in DevTools (project.config.json at the root).
import { spawn } from 'node:child_process'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const cliPath = process.env.WECHAT_DEVTOOLS_CLI || ''
const skip = cliPath ? false : 'WECHAT_DEVTOOLS_CLI is not set: WeChat DevTools (which miniprogram-automator drives) runs only on Windows and macOS'
if (skip) console.log(`weapp automator: skipped (${skip})`)

const PORT = Number(process.env.AUTOMATOR_PORT || 3199)
const API = `http://127.0.0.1:${PORT}`
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const phone = `1390000${String(Date.now() % 10000).padStart(4, '0')}`

describe('mini-program in WeChat DevTools', { skip }, () => {
  let server
  let miniProgram
  const smsCodes = new Map()

  before(async () => {
    let automator
    try {
      automator = (await import('miniprogram-automator')).default
    } catch {
      throw new Error('miniprogram-automator is not installed here: npm i -D miniprogram-automator')
    }
    const project = JSON.parse(fs.readFileSync(path.join(root, 'project.config.json'), 'utf8'))
    assert.ok(fs.existsSync(path.join(root, project.miniprogramRoot, 'app.json')), `no build in ${project.miniprogramRoot}: run API_ORIGIN=${API} npm run test:weapp first`)

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-automator-'))
    server = spawn('npx', ['tsx', 'server/src/main.ts'], { cwd: root, env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] })
    const onLog = (chunk) => {
      for (const m of String(chunk).matchAll(/sms code (\d{6}) for (\d{11})/g)) smsCodes.set(m[2], m[1])
    }
    server.stdout.on('data', onLog)
    server.stderr.on('data', onLog)
    for (let i = 0; i < 120; i++) {
      const up = await fetch(`${API}/h5/api/member/loginStatus?p=4`).then(
        () => true,
        () => false,
      )
      if (up) break
      await sleep(500)
    }
    miniProgram = await automator.launch({ cliPath, projectPath: root })
  })

  after(async () => {
    await miniProgram?.close()
    server?.kill()
  })

  it('logs in with the phone and the SMS code, then lands on home', async () => {
    const page = await miniProgram.reLaunch('/commonPages/login/login')
    await page.waitFor(1500)
    const inputs = await page.$$('input')
    assert.ok(inputs.length >= 2, 'phone and code inputs')
    await inputs[0].input(phone)
    await (await page.$('.login__code-btn')).tap()
    for (let i = 0; i < 20 && !smsCodes.has(phone); i++) await sleep(250)
    assert.ok(smsCodes.has(phone), 'the server sent a code')
    await inputs[1].input(smsCodes.get(phone))
    await (await page.$('.login__agreement text')).tap()
    await (await page.$('.login__submit')).tap()
    await sleep(2500)
    const user = await miniProgram.callWxMethod('getStorageSync', 'user')
    const stored = typeof user.result === 'string' ? JSON.parse(user.result) : user.result
    assert.ok(stored?.state?.token, 'token stored')
    assert.equal((await miniProgram.currentPage()).path, 'pages/home/index')
  })

  it('switches between the five tabs', async () => {
    for (const p of ['pages/sort/index', 'pages/video/index', 'pages/shopping/index', 'pages/mine/index', 'pages/home/index']) {
      await miniProgram.switchTab(`/${p}`)
      await sleep(600)
      assert.equal((await miniProgram.currentPage()).path, p)
    }
  })

  it('adds a goods to the cart from its details page', async () => {
    const search = await fetch(`${API}/h5/api/goods/search?p=4&page=1&pageSize=1`).then((r) => r.json())
    const goods = search?.data?.list?.[0]
    assert.ok(goods?.id, 'the seeded catalogue has goods')
    const user = await miniProgram.callWxMethod('getStorageSync', 'user')
    const token = (typeof user.result === 'string' ? JSON.parse(user.result) : user.result).state.token
    const count = async () => (await fetch(`${API}/h5/api/cart/count?p=4`, { headers: { token } }).then((r) => r.json())).data
    const before = JSON.stringify(await count())

    const page = await miniProgram.navigateTo(`/goodsPages/details/details?id=${goods.id}`)
    await page.waitFor(2000)
    await (await page.$('.detail-bar__btn--cart')).tap()
    await page.waitFor(800)
    // Pick the first available value of every spec group, then confirm.
    for (const group of await page.$$('.spec-picker__group')) {
      const value = await group.$('.spec-picker__value:not(.spec-picker__value--disabled)')
      if (value) await value.tap()
    }
    await (await page.$('.spec-picker__btn--cart')).tap()
    await sleep(1500)
    assert.notEqual(JSON.stringify(await count()), before, 'the cart count changed')
  })
})
