import fs from 'node:fs'
import path from 'node:path'
import { ALL_PAGES } from '@/routes'

// Taro calls useShareAppMessage / useShareTimeline only on pages whose config enables them: every page that
// shares (through useShare or the Taro hooks) must say so in its index.config.ts, or the mini-program share
// menu stays greyed out.
const SRC = path.join(__dirname, '..', '..', 'src')
const source = (page: string, ext: string) => {
  const f = path.join(SRC, `${page}${ext}`)
  return fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : ''
}

const pages = ALL_PAGES.map((p) => p.replace(/^\//, ''))

describe('share flags of sharing pages', () => {
  it('knows every page source', () => {
    for (const p of pages) expect(source(p, '.tsx') || source(p, '.ts')).not.toBe('')
  })

  it.each(pages)('%s: share hooks come with the config flags', (page) => {
    const code = source(page, '.tsx')
    const config = source(page, '.config.ts')
    const shares = /\buseShare\s*\(|\buseShareAppMessage\s*\(/.test(code)
    const timeline = /\buseShare\s*\(|\buseShareTimeline\s*\(/.test(code)
    if (shares) expect(config).toMatch(/enableShareAppMessage:\s*true/)
    if (timeline) expect(config).toMatch(/enableShareTimeline:\s*true/)
  })
})
