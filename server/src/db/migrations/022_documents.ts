import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * The shop's documents that members must be able to read (user agreement, privacy policy), kept in the
 * database so the merchant console can edit them. The first versions are inserted here, not by the demo
 * seeder, so that every shop, demo or not, has texts to show on its login page.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'documents')
    .addColumn('doc_key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  const t = Date.now()
  await db
    .insertInto('documents')
    .values([
      { doc_key: 'userAgreement', title: '用户协议', content_html: USER_AGREEMENT, updated_at: t },
      { doc_key: 'privacyPolicy', title: '隐私政策', content_html: PRIVACY_POLICY, updated_at: t },
    ])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('documents').execute()
}

const USER_AGREEMENT = [
  '<p>欢迎使用本商城。请您在注册、登录前仔细阅读本协议，您点击同意并完成登录即表示接受本协议全部内容。</p>',
  '<h3>一、账号</h3>',
  '<p>您以手机号验证登录，未注册的手机号将自动注册。账号仅限本人使用，请妥善保管验证码，本店工作人员不会以任何理由索要您的验证码。</p>',
  '<h3>二、购物与支付</h3>',
  '<p>商品价格、库存以下单时页面显示为准。订单提交后请在规定时间内完成支付，逾期未支付的订单将自动取消并释放库存。</p>',
  '<h3>三、售后</h3>',
  '<p>确认收货后的售后期内，您可以在订单详情中申请退款或退货退款，具体以售后规则为准。</p>',
  '<h3>四、积分与优惠券</h3>',
  '<p>积分、优惠券仅限本账号在本商城使用，不可转让、不可兑现，使用规则以领取页面说明为准。</p>',
  '<h3>五、行为规范</h3>',
  '<p>您发布的评价、短视频、文章等内容应真实合法，不得侵犯他人权益；违规内容将被删除。</p>',
  '<h3>六、协议变更</h3>',
  '<p>本协议更新后将在本页面公布，您继续使用即视为接受更新后的协议。如有疑问，请联系在线客服。</p>',
].join('')

const PRIVACY_POLICY = [
  '<p>我们重视您的个人信息保护。本政策说明我们收集哪些信息、如何使用以及您享有的权利。</p>',
  '<h3>一、我们收集的信息</h3>',
  '<ul><li>手机号：用于登录和接收订单通知；</li><li>收货地址、联系人：用于配送订单；</li><li>订单、浏览与收藏记录：用于展示您的订单和足迹；</li><li>微信标识（在微信中使用时）：用于登录和支付。</li></ul>',
  '<h3>二、我们如何使用信息</h3>',
  '<p>上述信息仅用于提供购物、配送、售后和账号安全服务，不会出售给任何第三方。配送时，收货信息会提供给承运的快递公司。</p>',
  '<h3>三、信息的保存与保护</h3>',
  '<p>我们采取加密传输、访问控制等措施保护您的信息。注销账号后，我们将按法律规定删除或匿名化您的个人信息。</p>',
  '<h3>四、您的权利</h3>',
  '<p>您可以在“我的”中查看、修改个人资料和收货地址，也可以在设置中申请注销账号。</p>',
  '<h3>五、联系我们</h3>',
  '<p>如对本政策有任何疑问，请联系在线客服。</p>',
].join('')
