import { ALL_PAGES, ROUTES } from '@contract/routes'
import { describeLink, formatLink, linkRefs, parseLink, PAGE_NAMES, type LinkValue } from '@admin/core/links'

// One stored link of every kind, as the shop (src/utils/links.ts openLink) opens them and the demo seed writes them.
const STORED: Array<[string, LinkValue['kind']]> = [
  ['', 'none'],
  ['/goodsPages/details/details?id=13', 'goods'],
  [`/commonPages/search/goodsSearch?categoryId=5&title=${encodeURIComponent('连衣裙')}`, 'category'],
  ['/commonPages/search/goodsSearch?categoryId=5', 'category'],
  [`/commonPages/search/goodsSearch?keyword=${encodeURIComponent('羽绒服')}`, 'search'],
  ['/commonPages/activity/details?id=2', 'activity'],
  ['/commonPages/genderSchool/details?id=7', 'article'],
  ['/commonPages/notice/details?id=1', 'notice'],
  ['/pages/sort/index', 'page'],
  ['/minePages/myCoupon/index?tab=centre', 'page'],
  ['/commonPages/search/goodsSearch?sort=sales', 'page'],
  [`/commonPages/webView/common?url=${encodeURIComponent('https://m.example.com/a?b=1')}`, 'web'],
  ['/goodsPages/flashSale/details?id=4', 'other'],
  ['https://m.example.com/page', 'other'],
  ['/goodsPages/details/details?id=13&from=x', 'other'],
  ['/goodsPages/details/details?id=abc', 'other'],
  ['/goodsPages/details/details?id=%E0%A4%A', 'other'],
  ['/commonPages/search/goodsSearch?keyword=a%20b&keyword=c', 'other'],
]

describe('link picker: stored path ⇄ picker value', () => {
  it.each(STORED)('%s is read as %s and written back exactly', (link, kind) => {
    const v = parseLink(link)
    expect(v.kind).toBe(kind)
    expect(formatLink(v)).toBe(link)
  })

  it('every kind written by the picker reads back as the same value', () => {
    const picked: LinkValue[] = [
      { kind: 'none' },
      { kind: 'goods', id: 13 },
      { kind: 'category', id: 5, title: "女装 (春)'s!*~" },
      { kind: 'search', keyword: '连衣裙 & 半身裙=?' },
      { kind: 'activity', id: 2 },
      { kind: 'article', id: 7 },
      { kind: 'notice', id: 1 },
      { kind: 'page', path: ROUTES.flashSaleList, query: '' },
      { kind: 'web', url: "https://m.example.com/p?a=1&b=(x)'~" },
      { kind: 'other', link: '/goodsPages/flashSale/details?id=4' },
    ]
    for (const v of picked) {
      const link = formatLink(v)
      // The server's rule for a stored in-app path (server/src/modules/home/adminRoutes.ts link()).
      if (link) expect(link).toMatch(/^\/[\w\-./?=&%]*$/)
      expect(parseLink(link)).toEqual(v)
    }
  })

  it('offers only pages the shop has, each with a Chinese name', () => {
    for (const p of PAGE_NAMES) {
      expect(ALL_PAGES).toContain(p.path)
      expect(p.name).toMatch(/^[\u4e00-\u9fa5]+$/)
    }
  })

  it('says what a link opens, with the names looked up', () => {
    const names = new Map<string, string | null>([
      ['goods:13', '法式连衣裙'],
      ['category:5', '连衣裙'],
      ['notice:1', null],
      ['web:https://m.example.com/a?b=1', '春季活动'],
    ])
    const say = (link: string) => describeLink(parseLink(link), names)
    expect(say('/goodsPages/details/details?id=13')).toBe('商品：法式连衣裙')
    expect(say('/goodsPages/details/details?id=14')).toBe('商品：编号 14')
    expect(say('/commonPages/search/goodsSearch?categoryId=5')).toBe('分类：连衣裙')
    expect(say('/commonPages/notice/details?id=1')).toBe('公告：已不存在（编号 1）')
    expect(say('/minePages/myCoupon/index?tab=centre')).toBe('商城页面：领券中心')
    expect(say('/pages/sort/index')).toBe('商城页面：全部分类')
    expect(say(`/commonPages/webView/common?url=${encodeURIComponent('https://m.example.com/a?b=1')}`)).toBe('网页：春季活动（m.example.com）')
    expect(say('')).toBe('不跳转')
    // A page the shop serves itself: named as saved, never by its path.
    expect(say(`/commonPages/webView/common?url=${encodeURIComponent('/media/activity/festival.html')}`)).toBe('网页：本店网页')
    names.set('web:/media/activity/festival.html', '国庆活动页')
    expect(say(`/commonPages/webView/common?url=${encodeURIComponent('/media/activity/festival.html')}`)).toBe('网页：国庆活动页（本店网页）')
  })

  it('collects the ids to look up once per record', () => {
    const refs = linkRefs(['/goodsPages/details/details?id=13', '/goodsPages/details/details?id=13', '/commonPages/activity/details?id=2', '/pages/sort/index'].map(parseLink))
    expect(refs).toEqual({ goods: [13], category: [], activity: [2], article: [], notice: [] })
  })
})
