import type { Seeder } from './seeder'
import type { Db } from '../db/types'
import { bannerSvg, navIconSvg, writeMedia } from './media'
import { newMemberPackageText } from './coupon'
import { logisticsNotice, seasonOf } from './calendar'
import { DEMO_ARTICLE_SECTION } from './settings'
import { defaultFreightRule, freeShippingSlogan } from '../modules/order/freight'

/** The new-member notice is written from the package itself (demo/coupon.ts), so the two cannot disagree. */
const NEW_MEMBER_TEXT = newMemberPackageText()

const DAY = 86400_000

/** Home icons: each opens a real page of the shop (paths from types/routes.ts; a test checks them). */
export const HOME_NAVS: Array<{ title: string; glyph: string; hue: number; link: string }> = [
  { title: '限时秒杀', glyph: 'flash', hue: 0, link: '/goodsPages/flashSale/list' },
  { title: '领券中心', glyph: 'coupon', hue: 20, link: '/minePages/myCoupon/index?tab=centre' },
  { title: '积分商城', glyph: 'points', hue: 40, link: '/minePages/myIntegral/index' },
  { title: '幸运盲盒', glyph: 'gift', hue: 280, link: '/minePages/blindBox/index' },
  { title: '品牌专享', glyph: 'crown', hue: 260, link: '/commonPages/cfExclusive/index' },
  { title: DEMO_ARTICLE_SECTION, glyph: 'book', hue: 330, link: '/commonPages/genderSchool/list' },
  { title: '商城公告', glyph: 'notice', hue: 200, link: '/commonPages/notice/list' },
  { title: '好评返现', glyph: 'money', hue: 150, link: '/minePages/cashback/index' },
  { title: '任务中心', glyph: 'task', hue: 180, link: '/minePages/missionCenter/index' },
  { title: '全部分类', glyph: 'grid', hue: 230, link: '/pages/sort/index' },
]

/** The home notices for a demo seeded at `now`: the logistics one is about the holiday ahead (demo/calendar.ts). */
export const homeNotices = (now: number): Array<{ title: string; summary: string; body: string; isTop: number; daysAgo: number }> => [
  { ...logisticsNotice(now), isTop: 1, daysAgo: 1 },
  {
    title: `新人专享：注册即领${NEW_MEMBER_TEXT.total}优惠券`,
    summary: `新用户注册即得新人券包：${NEW_MEMBER_TEXT.items}`,
    body: `<p>新用户完成手机号注册（任意页面登录或微信登录）即自动获得新人专享券包，内含${NEW_MEMBER_TEXT.items}，${NEW_MEMBER_TEXT.validity}，可在「我的优惠券」查看。</p>`,
    isTop: 0,
    daysAgo: 2,
  },
  {
    title: '品牌专享周开启，精选大牌低至5折',
    summary: '花语、初见、星耀等品牌专享好价',
    body: '<p>本周品牌专享活动开启，花语、初见、星耀、萌宝、金缘等品牌精选商品低至5折，数量有限，先到先得。</p>',
    isTop: 0,
    daysAgo: 3,
  },
  { title: '积分商城上新，积分可兑换实物好礼', summary: '每日签到攒积分，兑换好礼', body: '<p>积分商城新增多款实物好礼，每日签到、购物、评价均可获得积分。</p>', isTop: 0, daysAgo: 5 },
  {
    title: '谨防诈骗：平台不会以任何理由要求您转账',
    summary: '请认准官方客服渠道',
    body: '<p>近期有不法分子冒充客服以"退款""理赔"为由诱导转账，平台客服不会要求您提供银行卡密码或验证码，请提高警惕。</p>',
    isTop: 0,
    daysAgo: 8,
  },
  { title: '好评返现活动规则更新', summary: '晒图好评可获得返现奖励', body: '<p>确认收货后发表带图好评，审核通过即可获得返现奖励，返现金额以活动页面为准。</p>', isTop: 0, daysAgo: 12 },
]

export async function seedHome(db: Db, dataDir: string) {
  const now = Date.now()
  const media: Array<[string, string]> = []
  const hot = await db.selectFrom('goods').select(['id']).where('status', '=', 'on').orderBy('sales', 'desc').orderBy('id').limit(1).executeTakeFirst()
  const season = seasonOf(now)
  // The banner promises only what the checkout keeps: the default freight template's rule (满99包邮 in the demo).
  const freight = freeShippingSlogan(await defaultFreightRule(db))
  const banners = [
    // New arrivals of the season the demo is seeded in (demo/calendar.ts).
    season.pair === '春夏'
      ? { title: `春夏新品 ${freight}`.trim(), subtitle: '法式连衣裙 满299减50', hue: 330, shape: 'dress', link: `/commonPages/search/goodsSearch?keyword=${encodeURIComponent('连衣裙')}` }
      : { title: `秋冬新品 ${freight}`.trim(), subtitle: '羽绒服 羊绒大衣 满299减50', hue: 210, shape: 'puffer', link: `/commonPages/search/goodsSearch?keyword=${encodeURIComponent('羽绒服')}` },
    { title: '品牌专享周', subtitle: '精选大牌 低至5折', hue: 260, shape: 'handbag', link: '/commonPages/cfExclusive/index' },
    { title: '限时秒杀', subtitle: '每日10点 爆款直降', hue: 10, shape: 'headphone', link: '/goodsPages/flashSale/list' },
    { title: '本周热销榜', subtitle: '大家都在买的好物', hue: 200, shape: 'phone', link: hot ? `/goodsPages/details/details?id=${hot.id}` : '/pages/sort/index' },
  ]
  banners.forEach((b, i) => media.push([`home/banner-${i + 1}.svg`, bannerSvg(b)]))
  await db
    .insertInto('banners')
    .values(banners.map((b, i) => ({ position: 'home', title: b.title, image: `/media/home/banner-${i + 1}.svg`, link: b.link, sort: i + 1, status: 'on' })))
    .execute()

  HOME_NAVS.forEach((n, i) => media.push([`home/nav-${i + 1}.svg`, navIconSvg(n.glyph, n.hue)]))
  await db
    .insertInto('homeNavs')
    .values(HOME_NAVS.map((n, i) => ({ title: n.title, icon: `/media/home/nav-${i + 1}.svg`, link: n.link, sort: i + 1 })))
    .execute()

  await db
    .insertInto('notices')
    .values(homeNotices(now).map((n) => ({ title: n.title, summary: n.summary, contentHtml: n.body, isTop: n.isTop, status: 'on', views: 0, createdAt: now - n.daysAgo * DAY })))
    .execute()

  writeMedia(dataDir, media)
}

export const homeSeeder: Seeder = {
  name: 'home',
  async run(ctx) {
    await seedHome(ctx.db, ctx.config.dataDir)
  },
}
