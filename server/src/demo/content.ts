import type { Seeder } from './seeder'
import { sanitizeArticleHtml } from '../modules/article/sanitize'
import { bannerSvg, writeMedia } from './media'
import { festivalPage } from './activityPage'
import { seasonOf } from './calendar'
import { chinaDate } from '../services/chinaTime'

const DAY = 86400_000

/**
 * Notices (only when the home seed left none) and activities in each state, named for the day the demo is seeded
 * (demo/calendar.ts): the season's festival under way, the next season's announced, last month's ended. Their
 * covers and the festival's web page are drawn here, so no picture says another season.
 */
export const contentSeeder: Seeder = {
  name: 'content',
  async run({ db, config }) {
    const t = Date.now()
    const season = seasonOf(t)
    const { festival, next } = season
    const ended = `${chinaDate(t - 50 * DAY).month}月品牌周`
    const anyNotice = await db.selectFrom('notices').select('id').limit(1).executeTakeFirst()
    if (!anyNotice) {
      const notices = [
        {
          title: `${festival.title}火热进行中，全场满199减30`,
          summary: '活动期间下单满199元立减30元，优惠券每人限领一张。',
          html: `<p>亲爱的会员：</p><p>${festival.title}已经开始啦！活动期间全场满199元立减30元，新品限时直降。</p><p>活动时间以活动页面为准，特价及秒杀商品不参与满减。</p>`,
          isTop: 1,
          ago: 1,
        },
        {
          title: '关于调整发货时间的通知',
          summary: '受物流影响，部分地区发货时间顺延1～2天。',
          html: '<p>受近期物流运力影响，新疆、西藏等偏远地区订单发货时间将顺延1～2天，敬请谅解。</p><p>其他地区正常发货，下单后48小时内发出。</p>',
          isTop: 0,
          ago: 3,
        },
        {
          title: '会员积分规则更新说明',
          summary: '自下月起，确认收货后积分即时到账。',
          html: '<p>为了让大家更快用上积分，自下月起：</p><ol><li>确认收货后积分即时到账；</li><li>积分有效期延长至两年；</li><li>积分商城每周上新。</li></ol>',
          isTop: 0,
          ago: 6,
        },
        {
          title: '谨防诈骗：官方不会索要验证码',
          summary: '任何人索要短信验证码都是诈骗，请勿泄露。',
          html: '<p>近期有不法分子冒充客服，以退款、理赔为由索要验证码。</p><p><strong>本店工作人员不会以任何理由索要您的验证码或银行卡密码</strong>，如遇可疑情况请联系在线客服核实。</p>',
          isTop: 0,
          ago: 10,
        },
      ]
      for (const n of notices) {
        await db
          .insertInto('notices')
          .values({ title: n.title, summary: n.summary, contentHtml: sanitizeArticleHtml(n.html), isTop: n.isTop, status: 'on', views: 0, createdAt: t - n.ago * DAY })
          .execute()
      }
    }

    const covers: Array<[string, string]> = [
      ['content/activity-festival.svg', bannerSvg({ title: festival.title, subtitle: festival.summary.split('，')[0], hue: festival.hue, shape: 'handbag', height: 420, button: false })],
      ['content/activity-member-day.svg', bannerSvg({ title: '会员日 · 积分翻倍', subtitle: '每月8号 下单积分翻倍', hue: 260, shape: 'box', height: 420, button: false })],
      ['content/activity-next.svg', bannerSvg({ title: next.title, subtitle: '即将开始 敬请期待', hue: next.hue, shape: 'handbag', height: 420, button: false })],
      ['content/activity-ended.svg', bannerSvg({ title: ended, subtitle: '已结束 感谢参与', hue: 0, shape: 'handbag', height: 420, button: false })],
      ['activity/festival.html', festivalPage(festival.title, festival.summary.replace('，', ' · '))],
    ]
    writeMedia(config.dataDir, covers)
    const activities = [
      {
        title: festival.title,
        cover: '/media/content/activity-festival.svg',
        summary: festival.summary,
        html: `<h3>活动内容</h3><p>活动期间全场满199元立减30元，部分新品限时直降。</p><h3>参与方式</h3><ol><li>点击下方按钮进入活动会场</li><li>领取满减券后下单即可使用</li></ol><img src="/media/content/activity-festival.svg" style="width:100%">`,
        startAt: t - 3 * DAY,
        endAt: t + 12 * DAY,
        linkType: 'web' as const,
        linkUrl: '/media/activity/festival.html',
        sort: 10,
      },
      {
        title: '会员日 · 积分翻倍',
        cover: '/media/content/activity-member-day.svg',
        summary: '每月8号会员日，下单积分翻倍',
        html: '<p>每月8号为会员日，当天下单可获得<strong>双倍积分</strong>，积分可在积分商城兑换好礼。</p>',
        startAt: t - DAY,
        endAt: t + 2 * DAY,
        linkType: 'customize' as const,
        linkUrl: '/media/activity/festival.html?from=member-day',
        sort: 5,
      },
      {
        title: next.title,
        cover: '/media/content/activity-next.svg',
        summary: next.summary,
        html: `<p>${next.title}即将开始，${next.summary.replace('提前预告', '')}低至五折，敬请期待。</p>`,
        startAt: t + 10 * DAY,
        endAt: t + 30 * DAY,
        linkType: 'none' as const,
        linkUrl: '',
        sort: 0,
      },
      {
        title: ended,
        cover: '/media/content/activity-ended.svg',
        summary: `${ended}已圆满结束，感谢参与`,
        html: `<p>${ended}已圆满结束，感谢每一位参与的会员！获奖名单已通过短信通知。</p>`,
        startAt: t - 60 * DAY,
        endAt: t - 40 * DAY,
        linkType: 'none' as const,
        linkUrl: '',
        sort: 0,
      },
    ]
    for (const a of activities) {
      await db
        .insertInto('activities')
        .values({
          title: a.title,
          cover: a.cover,
          summary: a.summary,
          contentHtml: sanitizeArticleHtml(a.html),
          startAt: a.startAt,
          endAt: a.endAt,
          linkType: a.linkType,
          linkUrl: a.linkUrl,
          sort: a.sort,
          status: 'on',
          createdAt: t,
        })
        .execute()
    }
  },
}
