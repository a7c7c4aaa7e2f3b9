import fs from 'node:fs'
import path from 'node:path'

const SRC = path.resolve(__dirname, '..', '..', 'src')
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []))
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/')

/** A file's code without its comments (a comment may name what it stands in for). */
const code = (f: string) =>
  fs
    .readFileSync(f, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1')

/** The files outside src/api and src/core/request.ts whose code matches `re`, with the match. */
function offenders(re: RegExp): string[] {
  return files(SRC)
    .filter((f) => !rel(f).startsWith('api/') && rel(f) !== 'core/request.ts')
    .flatMap((f) => [...code(f).matchAll(re)].map((m) => `${rel(f)}: ${m[0]}`))
}

describe('the client reaches the server only through src/api (docs/development.md, Client)', () => {
  it('calls no API path outside src/api (get, post, upload with a path of the shop API)', () => {
    expect(offenders(/\b(?:get|post|upload)\s*(?:<[^>]*>)?\(\s*['"`]\/(?:api|common)\//g)).toEqual([])
  })

  it('uploads and requests only through core/request (no Taro.request or Taro.uploadFile in pages, components or platform code)', () => {
    expect(offenders(/\bTaro\.(?:request|uploadFile)\s*\(/g)).toEqual([])
  })

  it('uploads files only through src/api (no upload() of core/request elsewhere)', () => {
    expect(offenders(/import\s*\{[^}]*\bupload\b[^}]*\}\s*from\s*['"]@\/core\/request['"]/g)).toEqual([])
  })
})
