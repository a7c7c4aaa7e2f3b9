// Issue 33: the shop's identity (name, logo, the article section's name) comes from the console through
// /api/common/shopInfo, asked once per app start; no page names the shop itself.
import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { articleSectionTitle, homeTitle, loadShopInfo, resetShopInfo, shopInfoNow, welcomeText } from '@/core/shopInfo'
import { buildShare, DEFAULT_SHARE_TITLE } from '@/platform/share'
import { useUserStore } from '@/stores/user'

const INFO = { serviceUrl: '', servicePhone: '', serviceWechatUrl: '', shopName: '橙子小铺', shopLogo: '/uploads/logo.png', articleSectionName: '健康课堂' }

describe('shop identity', () => {
  beforeEach(() => resetShopInfo())
  afterEach(() => jest.restoreAllMocks())

  it('asks the server once and keeps the answer for code that cannot wait', async () => {
    const req = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: INFO } } as any)
    expect(shopInfoNow()).toBeNull()
    const [a, b] = await Promise.all([loadShopInfo(), loadShopInfo()])
    expect(a).toEqual(INFO)
    expect(b).toBe(a)
    expect(req).toHaveBeenCalledTimes(1)
    expect(shopInfoNow()).toEqual(INFO)
  })

  it('a failure is asked again next time', async () => {
    const req = jest
      .spyOn(Taro, 'request')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: INFO } } as any)
    expect(await loadShopInfo()).toBeNull()
    expect(await loadShopInfo()).toEqual(INFO)
    expect(req).toHaveBeenCalledTimes(2)
  })

  it('names the shop where it has a name, and says something neutral where it has none', () => {
    expect(welcomeText(INFO)).toBe('欢迎来到橙子小铺')
    expect(welcomeText({ ...INFO, shopName: '' })).toBe('欢迎登录')
    expect(welcomeText(null)).toBe('欢迎登录')
    expect(homeTitle(INFO)).toBe('橙子小铺')
    expect(homeTitle(null)).toBe('首页')
    expect(articleSectionTitle(INFO)).toBe('健康课堂')
    expect(articleSectionTitle(null)).toBe('文章')
  })

  it("a share card carries the shop's name, an agent's own shop first", async () => {
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: INFO } } as any)
    useUserStore.setState({ userInfo: { id: 12, businessId: null, shopName: '' } as any, sBusinessId: '' })
    expect(buildShare('/pages/home/index').title).toBe(DEFAULT_SHARE_TITLE)
    await loadShopInfo()
    expect(buildShare('/pages/home/index').title).toBe(`${DEFAULT_SHARE_TITLE}-橙子小铺`)
    expect(buildShare('/pages/home/index', { title: '真丝连衣裙' }).title).toBe('真丝连衣裙-橙子小铺')
    useUserStore.setState({ userInfo: { id: 12, businessId: 3, shopName: '小美的店' } as any })
    expect(buildShare('/pages/home/index').title).toBe(`${DEFAULT_SHARE_TITLE}-小美的店`)
  })

  it('no page names the shop or its article section itself (both are the console’s)', () => {
    const root = path.resolve(__dirname, '../../../src')
    const files: string[] = []
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name)
        if (e.isDirectory()) walk(p)
        else if (/\.(tsx?|scss)$/.test(e.name)) files.push(p)
      }
    }
    walk(root)
    expect(files.length).toBeGreaterThan(100)
    const offenders = files.flatMap((f) => {
      const src = fs.readFileSync(f, 'utf8')
      // The demo's section name, and a greeting or title that names a shop: 欢迎来到<a literal>.
      return ['两性学堂', /欢迎来到[\u4e00-\u9fa5A-Za-z]/].flatMap((p) => ((typeof p === 'string' ? src.includes(p) : p.test(src)) ? [`${path.relative(root, f)}: ${p}`] : []))
    })
    expect(offenders).toEqual([])
  })
})
