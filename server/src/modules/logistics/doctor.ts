import type { AppContext } from '../../context'
import type { SetupCheck } from '../../../../types/adminSettings'
import { kuaidi100Settings, SUBSCRIBE_ERRORS, trackingLive } from './kuaidi100'
import { chinaMinute } from '../../services/chinaTime'

/**
 * The setup check's line for courier tracking (设置检查, `npm run admin -- doctor`): whether the courier's events
 * reach the shop (快递100 set up, its push address usable, its key accepted by the last subscription).
 */
export async function trackingCheck(ctx: Pick<AppContext, 'config' | 'db'>): Promise<SetupCheck> {
  const key = 'courierTracking'
  const title = '物流跟踪（快递100）'
  const s = await kuaidi100Settings(ctx.db, ctx.config)
  const production = ctx.config.payProvider === 'wechatpay' || process.env.NODE_ENV === 'production'
  if (!trackingLive(s)) {
    const missing = [!s.key && '授权码', !s.salt && '推送校验口令', !s.callbackUrl && '推送地址'].filter(Boolean).join('、')
    return {
      key,
      title,
      status: production ? 'warn' : 'skip',
      message: `未接入（缺少${missing}）：买家只能看到店员手动录入的物流轨迹，签收不会自动记录。请在「设置 → 物流跟踪」填写快递100 企业版的授权信息`,
    }
  }
  let u: URL
  try {
    u = new URL(s.callbackUrl)
  } catch {
    return { key, title, status: 'error', message: '推送地址不是有效的网址' }
  }
  if (/^(localhost|127\.|10\.|192\.168\.)/.test(u.hostname) || !u.hostname.includes('.')) return { key, title, status: 'error', message: `推送地址的域名 ${u.hostname} 不是公网域名，快递100 无法推送` }
  if (!u.pathname.endsWith('/api/logistics/kuaidi100')) return { key, title, status: 'warn', message: `推送地址通常为 ${u.protocol}//${u.host}/h5/api/logistics/kuaidi100，当前为 ${s.callbackUrl}` }
  const refused = await ctx.db
    .selectFrom('trackingSubscriptions')
    .select(['lastCode'])
    .where('status', '=', 'pending')
    .where('lastCode', 'in', ['600', '601'])
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst()
  if (refused) return { key, title, status: 'error', message: `快递100 拒绝了订阅：${SUBSCRIBE_ERRORS[refused.lastCode]}。修正后，等待中的运单会自动重新订阅` }
  const last = await ctx.db
    .selectFrom('logisticsTraces')
    .select((eb) => eb.fn.max('createdAt').as('at'))
    .where('source', '=', 'courier')
    .executeTakeFirst()
  const heard = last?.at ? `最近一次收到快递轨迹：${chinaMinute(Number(last.at))}` : '尚未收到快递轨迹'
  const https = u.protocol === 'https:' ? '推送地址是加密网址：请在快递100 后台开启加密推送（快递100 默认只推送到不加密的网址）' : '推送地址是不加密网址：快递100 默认就按这种方式推送'
  const query = s.customer ? '' : '；未填写实时查询账号，买家「刷新」时不能实时查询'
  return { key, title, status: s.customer ? 'ok' : 'warn', message: `已接入：发货后自动订阅，快递公司的轨迹和签收推送到 ${s.callbackUrl}。${https}。${heard}${query}` }
}
