// The view layer where it is cheap: WeChat's wcc compiles Taro's templates (base.wxml + utils.wxs) and a page
// that draws `root` as Taro's pages do; miniprogram-simulate / j-component render it in jsdom with the data the
// harness recorded for home (test/weapp/boot.mjs). Checked: the seeded catalogue's text is drawn, and the icons
// are elements with their icon-font classes (no <i>, nothing lost for a missing template).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export async function checkView(out, check, homeData, { catalogue = [] } = {}) {
  const { JSDOM } = require('jsdom')
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true })
  const keep = {}
  for (const k of ['window', 'document', 'navigator', 'Event', 'CustomEvent', 'Node', 'Element', 'HTMLElement']) {
    keep[k] = Object.getOwnPropertyDescriptor(globalThis, k)
    Object.defineProperty(globalThis, k, { value: k === 'window' ? dom.window : dom.window[k], configurable: true, writable: true })
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-view-'))
  try {
    fs.copyFileSync(path.join(out, 'base.wxml'), path.join(dir, 'base.wxml'))
    fs.copyFileSync(path.join(out, 'utils.wxs'), path.join(dir, 'utils.wxs'))
    fs.writeFileSync(path.join(dir, 'home.wxml'), '<import src="./base.wxml"/>\n<template is="taro_tmpl" data="{{root:root}}" />\n')
    fs.writeFileSync(path.join(dir, 'home.json'), JSON.stringify({ component: true, usingComponents: {} }))
    fs.writeFileSync(path.join(dir, 'home.js'), 'Component({ properties: { root: { type: Object, value: { cn: [] } } }, methods: { eh() {} } })\n')
    const simulate = require('miniprogram-simulate')
    const id = simulate.load(path.join(dir, 'home'), 'home-page', { compiler: 'official', rootPath: dir })
    const comp = simulate.render(id, { root: homeData.root })
    const parent = document.createElement('div')
    comp.attach(parent)
    await simulate.sleep(10)
    const text = comp.dom.textContent || ''
    const names = catalogue.filter((n) => text.includes(n))
    check('view: home drawn from the harness data by wcc templates shows the seeded catalogue', names.length > 0, text.slice(0, 200))
    const iconsInData = JSON.stringify(homeData).match(/nutui-iconfont nut-icon nut-icon-[a-z0-9-]+/g) || []
    const iconsDrawn = comp.dom.querySelectorAll('[class*="nut-icon-"]').length
    check(
      `view: home draws its ${iconsInData.length} icons as icon-font elements`,
      iconsInData.length > 0 && iconsDrawn >= iconsInData.length && comp.dom.querySelectorAll('i').length === 0,
      `${iconsDrawn} drawn of ${iconsInData.length}`,
    )
  } catch (e) {
    check('view: home renders with the wcc templates', false, String(e?.stack || e).slice(0, 1500))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
    for (const [k, d] of Object.entries(keep)) {
      if (d) Object.defineProperty(globalThis, k, d)
      else delete globalThis[k]
    }
  }
}
