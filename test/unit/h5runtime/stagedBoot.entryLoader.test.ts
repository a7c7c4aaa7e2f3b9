import path from 'node:path'
// The webpack loader is CommonJS, run by the build in Node.
const stagedEntryLoader = require('../../../config/stagedEntryLoader.js')

const SRC = path.resolve(__dirname, '..', '..', '..', 'src')
const run = (source: string, resourceQuery = '') => {
  const dependencies: string[] = []
  const out = stagedEntryLoader.call({ resourceQuery, resourcePath: path.join(SRC, 'app.config.ts'), context: SRC, addDependency: (f: string) => dependencies.push(f) }, source)
  return { out: out as string, dependencies }
}

// The shape of what Taro's H5 loader makes of src/app.config.ts.
const TARO_ENTRY = `import '@tarojs/plugin-platform-h5/dist/runtime'
import { initPxTransform } from '@tarojs/taro'
import { createRouter, createBrowserHistory, handleAppMountWithTabbar } from '@tarojs/router'
import '@tarojs/components/global.css'
import component from "./app"
import { window } from '@tarojs/runtime'
import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'
import * as list from 'somewhere'
var config = {}
createRouter(history, inst, config, React)`

describe('stagedEntryLoader (the H5 entry split into stages)', () => {
  it('imports the entry’s modules one stage each, in order, with the app’s own imports before the app, and the entry last', () => {
    const { out, dependencies } = run(TARO_ENTRY)
    const names = [...out.matchAll(/^ {2}\[("[^"]+"|'entry')/gm)].map((m) => m[1].replace(/["']/g, ''))
    expect(names.slice(0, 3)).toEqual(['@tarojs/plugin-platform-h5/dist/runtime', '@tarojs/taro', '@tarojs/router'])
    const app = names.indexOf('./app')
    expect(names.indexOf('@/core/auth')).toBeGreaterThan(2)
    expect(names.indexOf('@/core/auth')).toBeLessThan(app)
    expect(names.slice(app + 1)).toEqual(['somewhere', 'entry'])
    expect(dependencies).toEqual([path.join(SRC, 'app.ts')])
    // Styles stay with the entry; a module staged once is not staged again (src/app.ts imports @tarojs/taro too).
    expect(out).not.toContain('global.css')
    expect(names.filter((n) => n === '@tarojs/taro')).toHaveLength(1)
    // Modules that re-export with export * are left to the entry (staging them put unused code in the first load).
    expect(names).not.toContain('@tarojs/runtime')
    expect(names).not.toContain('@tarojs/components/dist/components')
    expect(out).toContain(`import(/* webpackMode: "eager" */ ${JSON.stringify(path.join(SRC, 'app.config.ts') + '?staged')})`)
  })

  it('keeps only the exports the entry uses: named, default, none for a side effect, all for a namespace', () => {
    const { out } = run(TARO_ENTRY)
    expect(out).toContain(`/* webpackExports: ["createRouter","createBrowserHistory","handleAppMountWithTabbar"] */ '@tarojs/router'`)
    expect(out).toContain(`/* webpackExports: ["default"] */ "./app"`)
    expect(out).toContain(`/* webpackExports: [] */ '@tarojs/plugin-platform-h5/dist/runtime'`)
    expect(out).toContain(`import(/* webpackMode: "eager" */ 'somewhere')`)
    expect(out).not.toMatch(/webpackExports: \[[^\]]*type /)
  })

  it('the entry itself (?staged): Taro’s statements in order, the router created one task later', () => {
    const { out } = run(TARO_ENTRY, '?staged')
    const [imports, body] = out.split('void (async () => {')
    // The imports stay at the top level, as Taro wrote them.
    expect(imports).toContain(`import component from "./app"`)
    expect(imports).toContain(`import { nextTask } from '@/h5runtime/stagedBoot'`)
    expect(body.indexOf('var config = {}')).toBeLessThan(body.indexOf('await nextTask()'))
    expect(body.indexOf('await nextTask()')).toBeLessThan(body.indexOf('createRouter(history, inst, config, React)'))
    expect(body.trim().endsWith('})()')).toBe(true)
  })

  it('an entry of another shape (no router call) is left as it is', () => {
    const other = TARO_ENTRY.replace('createRouter(history, inst, config, React)', 'somethingElse()')
    expect(run(other, '?staged').out).toBe(other)
  })
})
