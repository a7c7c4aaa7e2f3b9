import type { Seeder } from './seeder'
import { DEMO_SHOPPER_PHONE } from './member'
import { htmlText, sanitizeArticleHtml } from '../modules/article/sanitize'

const CATEGORIES = [
  { name: '健康知识', icon: '/media/content/article-health.jpg' },
  { name: '情感沟通', icon: '/media/content/article-emotion.jpg' },
  { name: '护理常识', icon: '/media/content/article-care.jpg' },
  { name: '科普问答', icon: '/media/content/article-qa.jpg' },
]

/** Gender-school articles of the shop (official: no member). Text written for the demo; each shows its category's cover. */
const ARTICLES: Array<{ cat: number; title: string; html: string; daysAgo: number }> = [
  {
    cat: 0,
    title: '换季时节，如何照顾好自己的身体',
    daysAgo: 1,
    html: '<h2>早晚温差大，先从作息开始</h2><p>换季时气温变化快，身体需要时间适应。<strong>规律作息</strong>是最简单也最有效的办法：尽量在晚上十一点前入睡，保证七到八小时睡眠。</p><h2>饮食清淡，多喝温水</h2><p>少吃辛辣油腻，多吃应季蔬果。每天饮水约1500～1700毫升，分多次慢慢喝。</p><img src="/media/content/article-health.jpg" style="width:100%"><h2>适量运动</h2><ul><li>每周三次、每次三十分钟的快走或慢跑</li><li>运动前热身，运动后拉伸</li><li>出汗后及时擦干，避免着凉</li></ul><blockquote>身体是一切的基础，照顾好自己，才能更好地生活。</blockquote>',
  },
  {
    cat: 0,
    title: '关于睡眠，你可能不知道的五件事',
    daysAgo: 4,
    html: '<p>睡眠质量直接影响第二天的精神状态。下面五个小知识，帮你睡得更好：</p><ol><li><strong>午睡别太久</strong>：二十分钟左右最合适。</li><li><strong>睡前少看手机</strong>：屏幕蓝光会推迟入睡。</li><li><strong>卧室温度</strong>：保持在18～22℃更容易入睡。</li><li><strong>固定起床时间</strong>：周末也尽量一致。</li><li><strong>睡不着就起来</strong>：躺床上超过二十分钟仍清醒，可以起身做点安静的事。</li></ol>',
  },
  {
    cat: 1,
    title: '好好说话：亲密关系中的沟通技巧',
    daysAgo: 2,
    html: '<p>很多矛盾不是因为问题本身，而是因为<em>表达方式</em>。试试下面的方法：</p><h3>用“我”开头表达感受</h3><p>把“你总是不回消息”换成“我等不到你的消息时会有点担心”。</p><h3>先倾听，再回应</h3><p>对方说完之前不要急着反驳，复述一遍对方的意思，确认自己理解正确。</p><h3>约定冷静时间</h3><p>情绪上头时，可以约定先各自冷静十分钟，再回来继续聊。</p>',
  },
  {
    cat: 1,
    title: '异地恋如何保持亲密感',
    daysAgo: 9,
    html: '<p>距离并不可怕，可怕的是失去分享的习惯。</p><ul><li>每天固定一个“分享时间”，聊聊当天的小事</li><li>一起看同一部电影、读同一本书</li><li>提前规划下一次见面，让期待成为动力</li></ul><p>关系需要经营，<u>真诚和耐心</u>比什么都重要。</p>',
  },
  {
    cat: 2,
    title: '贴身衣物的正确清洗方法',
    daysAgo: 3,
    html: '<p>贴身衣物直接接触皮肤，清洗方式很重要。</p><h3>建议手洗</h3><p>使用温水（30℃左右）和中性洗涤剂，轻柔揉搓，避免用力拧干。</p><h3>单独清洗</h3><p>不要和袜子、外衣混洗，减少交叉污染。</p><h3>通风晾晒</h3><p>在通风处晾干，有条件时适当晒太阳。一般建议三到六个月更换一次。</p>',
  },
  {
    cat: 2,
    title: '敏感肌日常护理指南',
    daysAgo: 12,
    html: '<p>敏感肌的关键词是<strong>温和</strong>与<strong>修护</strong>。</p><ol><li>洁面选择氨基酸类产品，水温不宜过高</li><li>护肤步骤做减法，避免频繁更换产品</li><li>出门做好防晒，优先选择物理防晒</li><li>新产品先在耳后小面积试用</li></ol><p>若出现持续红肿、刺痛，请及时就医。</p>',
  },
  {
    cat: 3,
    title: '问答：私护产品应该怎么选？',
    daysAgo: 5,
    html: '<p><strong>问：</strong>市面上私护产品很多，应该怎么选？</p><p><strong>答：</strong>日常清洁用清水即可，如需使用护理液，选择弱酸性、无香精、成分简单的产品，并且不要过度清洁。</p><p><strong>问：</strong>需要每天使用吗？</p><p><strong>答：</strong>不需要。过度使用反而可能破坏正常的菌群平衡。有不适症状时请咨询医生。</p>',
  },
  {
    cat: 3,
    title: '问答：经期可以运动吗？',
    daysAgo: 15,
    html: '<p><strong>问：</strong>经期可以运动吗？</p><p><strong>答：</strong>可以进行适度的低强度运动，比如散步、瑜伽、拉伸，有助于缓解不适。避免剧烈运动和长时间负重。</p><p>如果疼痛明显或出血异常，请及时就医。</p>',
  },
]

export const articleSeeder: Seeder = {
  name: 'articles',
  async run({ db }) {
    const t = Date.now()
    const ids: number[] = []
    for (const [i, c] of CATEGORIES.entries()) {
      const row = await db
        .insertInto('articleCategories')
        .values({ name: c.name, icon: c.icon, sort: CATEGORIES.length - i })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
    }
    for (const [i, a] of ARTICLES.entries()) {
      const html = sanitizeArticleHtml(a.html)
      const at = t - a.daysAgo * 86400_000 - i * 60_000
      await db
        .insertInto('articles')
        .values({
          memberId: null,
          categoryId: ids[a.cat],
          title: a.title,
          cover: CATEGORIES[a.cat].icon,
          summary: htmlText(html).slice(0, 120),
          contentHtml: html,
          status: 'published',
          views: 30 + ((i * 37) % 200),
          publishedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .execute()
    }
    // A draft and a published article of the demo shopper, so "my articles" has both tabs filled. The published one
    // is about skin care, in 护理常识 (an outfit post had been filed under 健康知识).
    const shopper = await db.selectFrom('members').select('id').where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst()
    if (shopper) {
      const care = CATEGORIES.findIndex((c) => c.name === '护理常识')
      const pub = sanitizeArticleHtml(
        '<p>换季时皮肤容易干燥起皮，分享一下我的护理心得：<strong>温和清洁、及时保湿</strong>最重要，洗脸水不要太烫，洗完三分钟内涂上面霜；出门记得防晒，晚上早点睡。</p><img src="/media/content/article-care.jpg" style="width:60%">',
      )
      await db
        .insertInto('articles')
        .values({
          memberId: shopper.id,
          categoryId: ids[care],
          title: '我的换季护肤心得',
          cover: CATEGORIES[care].icon,
          summary: htmlText(pub).slice(0, 120),
          contentHtml: pub,
          status: 'published',
          views: 12,
          publishedAt: t - 86400_000,
          createdAt: t - 86400_000,
          updatedAt: t - 86400_000,
        })
        .execute()
      const draft = sanitizeArticleHtml('<p>草稿：整理一下最近用过的几款护手霜……</p>')
      await db
        .insertInto('articles')
        .values({
          memberId: shopper.id,
          categoryId: null,
          title: '护手霜测评（未完成）',
          cover: '',
          summary: htmlText(draft),
          contentHtml: draft,
          status: 'draft',
          views: 0,
          publishedAt: null,
          createdAt: t,
          updatedAt: t,
        })
        .execute()
    }
  },
}
