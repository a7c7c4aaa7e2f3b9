import type { Seeder } from './seeder'

const DAY = 86_400_000

/**
 * Demo cashback campaigns on some goods on sale: good-review cashback (a 4-5 star review with text and a
 * photo) on the best sellers, and screenshot tasks (post a review elsewhere, upload the screenshot) on a few more.
 */
export const cashbackSeeder: Seeder = {
  name: 'cashback',
  async run({ db }) {
    const goods = await db.selectFrom('goods').select(['id', 'price']).where('status', '=', 'on').orderBy('sales', 'desc').orderBy('id').limit(8).execute()
    if (!goods.length) return
    const t = Date.now()
    const rows = goods.map((g, i) => {
      const task = i % 3 === 2
      const amount = Math.max(100, Math.min(2000, Math.round((g.price * (task ? 0.08 : 0.05)) / 100) * 100))
      return {
        goodsId: g.id,
        title: task ? `晒单任务返¥${amount / 100}` : `好评返现¥${amount / 100}`,
        type: (task ? 'task' : 'review') as 'task' | 'review',
        amount,
        requirement: task
          ? '1. 购买并确认收货后发表 4 星以上评价；2. 在小红书或朋友圈发布带图使用分享（不少于 30 字）；3. 截图上传，审核通过后返现到账。'
          : '确认收货后发表 4 星以上评价，内容不少于 10 个字并附 1 张实物图，审核通过后返现到账。',
        minRating: 4,
        minChars: task ? 0 : 10,
        minImages: task ? 0 : 1,
        quota: i % 2 ? 200 : null,
        used: 0,
        status: 'active' as const,
        startAt: t - DAY,
        endAt: t + 60 * DAY,
        createdAt: t,
        updatedAt: t,
      }
    })
    await db.insertInto('cashbackCampaigns').values(rows).execute()
  },
}
