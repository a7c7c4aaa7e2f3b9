import type { Seeder } from './seeder'
import { DEMO_AGENT_PHONE } from './member'

/** A card of the demo agent (the shop owner), to share and preview. */
export const businessCardSeeder: Seeder = {
  name: 'business cards',
  async run({ db }) {
    const agent = await db.selectFrom('members').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirst()
    if (!agent) return
    const t = Date.now()
    await db
      .insertInto('businessCards')
      .values({
        memberId: agent.id,
        name: '林花语',
        title: '店长',
        company: '花语小店',
        phone: DEMO_AGENT_PHONE,
        wechat: 'huayu_shop',
        email: 'huayu@example.com',
        address: '浙江省杭州市西湖区文三路100号',
        avatar: '/media/content/avatar-card.jpg',
        intro: '专注女性好物八年，欢迎咨询选购。',
        views: 0,
        createdAt: t,
        updatedAt: t,
      })
      .execute()
  },
}
