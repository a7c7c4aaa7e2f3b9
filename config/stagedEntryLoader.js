/**
 * H5 only: the app's entry started in stages, each in a task of its own.
 *
 * Taro's loader turns src/app.config.ts into the H5 entry: a list of imports (Taro's runtime, its API, the router,
 * the app component with the stores...) and then the code that creates the app and its router. Started as it
 * is, all of it runs in one task as soon as the script arrives: ~75 ms on this machine, 300 ms on a slow phone,
 * during which the page answers no tap. This loader, which sees that entry after Taro's loader, replaces it by a
 * small one that imports the same modules one at a time, in the same order, giving the browser back its main
 * thread between two of them (src/h5runtime/stagedBoot.ts), and last the entry itself (the same file with the query
 * ?staged, as Taro made it but for the router, created in a task of its own). The imports are "eager": no extra
 * request, the modules stay in the entry's chunks; each names the exports the entry uses so that nothing else is kept.
 */
const fs = require('node:fs')
const path = require('node:path')

const IMPORT = /^import\s+(?:(.+?)\s+from\s+)?(['"][^'"]+['"])/gm

function exportsUsed(clause) {
  if (!clause) return []
  const names = []
  const named = clause.match(/\{([^}]*)\}/)
  if (named) {
    for (const part of named[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]
      if (name && !name.startsWith('type ')) names.push(name)
    }
  }
  const head = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, ' ')
    .trim()
  if (head.startsWith('*')) return null // a namespace import uses every export
  if (head) names.push('default')
  return names
}

/** The import statements of `source`, styles (the entry itself imports them) and types left out. */
function importsOf(source) {
  return [...source.matchAll(IMPORT)].filter(([, clause, request]) => !/\.(s?css|less)['"]$/.test(request) && !/^type\s/.test(clause || ''))
}

// Evaluated with the entry itself, not staged: modules that re-export with `export *`, through which webpack does
// not keep only the exports named in webpackExports. A dynamic import of Taro's runtime put its mini-program DOM
// into the first load (+14 KB gzipped), one of Taro's element definitions (src/h5runtime/taroComponents.ts) would put
// every element there. Both are evaluated by an earlier stage (Taro's platform runtime, its API) or by the entry.
const NOT_STAGED = ['@tarojs/runtime', '@tarojs/components/dist/components']

function stage(clause, request) {
  const used = exportsUsed(clause)
  const only = used ? `/* webpackExports: ${JSON.stringify(used)} */ ` : ''
  return `[${JSON.stringify(request.slice(1, -1).replace(/^.*node_modules\//, ''))}, () => import(/* webpackMode: "eager" */ ${only}${request})]`
}

/**
 * The entry itself (?staged): as Taro made it, except that the router is created in a task of its own (the largest
 * part of the entry's work: its first route and page). Its body is wrapped in an async function for that; the
 * statements and their order are Taro's.
 */
function routerInItsOwnTask(source) {
  const body = source.search(/^var config = /m)
  const router = source.search(/^create(Multi)?Router\(/m)
  if (body < 0 || router < body) return source // not the shape this was written for: leave it
  return `${source.slice(0, body)}import { nextTask } from '@/h5runtime/stagedBoot'
void (async () => {
${source.slice(body, router)}await nextTask()
${source.slice(router)}
})()
`
}

module.exports = function stagedEntryLoader(source) {
  if (this.resourceQuery.includes('staged')) return routerInItsOwnTask(source)
  const stages = []
  const staged = new Set()
  const add = (clause, request) => {
    const name = request.slice(1, -1)
    if (staged.has(name) || NOT_STAGED.includes(name)) return
    staged.add(name)
    stages.push(stage(clause, request))
  }
  for (const [, clause, request] of importsOf(source)) {
    // The app component (src/app.ts, imported by a relative path): its own imports first, one stage each.
    const file = /^['"]\./.test(request) && ['.ts', '.tsx'].map((ext) => path.resolve(this.context, request.slice(1, -1) + ext)).find((f) => fs.existsSync(f))
    if (file) {
      this.addDependency(file)
      for (const [, innerClause, innerRequest] of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (!/^['"]\./.test(innerRequest)) add(innerClause, innerRequest)
      }
    }
    add(clause, request)
  }
  const entry = JSON.stringify(`${this.resourcePath}?staged`)
  return `import { bootInStages } from '@/h5runtime/stagedBoot'
bootInStages([
  ${stages.join(',\n  ')},
  ['entry', () => import(/* webpackMode: "eager" */ ${entry})],
])
`
}
