import crypto from 'node:crypto'
import type { AppContext } from '../../context'
import type { SetupCheck, SetupCheckReply } from '../../../../types/adminSettings'
import { getPaymentProvider } from '../../payments'
import { checkBody, WeChatApiError, wxGet, wxPost, type WxApp } from '../../wechat/api'
import { chinaYesterday } from '../reconcile/service'
import { settingsKeyProblem } from './secrets'
import { missingSmsFields, SMS_PROVIDER_LABELS } from '../member/sms'
import { returnAddressCheck } from '../afterSales/doctor'
import { trackingCheck } from '../logistics/doctor'

/**
 * The setup check (设置 → 设置检查, `npm run admin -- doctor`): each configured piece tried for real, against
 * WeChat's servers (tests: the recorded fakes), and what is wrong said in plain Chinese. Never prints a secret.
 */
export type DoctorCtx = Pick<AppContext, 'config' | 'db' | 'http' | 'log' | 'modules'>

/** WeChat's errcodes a merchant meets when setting up, in the merchant's words. */
const WX_ERRORS: Record<number, string> = {
  40001: 'AppSecret 不正确，或已在微信后台重置（请填写最新的 AppSecret）',
  40125: 'AppSecret 不正确（请在微信后台「开发 → 基本配置」重置后填写最新的）',
  40013: 'AppID 不正确（请核对是否把公众号和小程序的 AppID 填反了）',
  40164: '服务器的出口 IP 不在微信后台的「IP 白名单」中：请在「开发 → 基本配置 → IP 白名单」添加本服务器的公网 IP',
  61004: '服务器的出口 IP 不在微信后台的「IP 白名单」中',
  45009: '今日调用次数已达上限，请明天再试或在微信后台清零',
  45011: '调用太频繁，请稍后再试',
  '-1': '微信系统繁忙，请稍后再试',
} as unknown as Record<number, string>

const wxMessage = (err: unknown): string => {
  if (err instanceof WeChatApiError) return `${WX_ERRORS[err.errcode] || `微信返回错误 ${err.errcode}：${err.errmsg.split(' rid:')[0]}`}`
  return `连接不到微信服务器（${(err as Error).message}）：请检查服务器能否访问 api.weixin.qq.com`
}

/** The shop's public host: MAIN_HOST, else the notify URL's. */
function publicHost(ctx: DoctorCtx): string {
  if (ctx.config.mainHost) return ctx.config.mainHost
  try {
    return ctx.config.wechat.notifyUrl ? new URL(ctx.config.wechat.notifyUrl).host : ''
  } catch {
    return ''
  }
}
const isPublicName = (host: string) => !!host && !/^(localhost|127\.|10\.|192\.168\.|\d+\.\d+\.\d+\.\d+)/.test(host) && host.includes('.')

/** Asks for an access token directly (not the cache: the check must prove the current secret works). */
async function tryToken(ctx: DoctorCtx, app: WxApp): Promise<string> {
  const w = ctx.config.wechat
  const [appid, secret] = app === 'h5' ? [w.h5AppId, w.h5Secret] : [w.miniAppId, w.miniSecret]
  const res = await wxPost(ctx, 'cgi-bin/stable_token', {}, { grant_type: 'client_credential', appid, secret, force_refresh: false })
  const body = checkBody<{ access_token: string }>(res.body, 'cgi-bin/stable_token')
  if (!body.access_token) throw new WeChatApiError(-3, 'no access_token in response', 'cgi-bin/stable_token')
  return body.access_token
}

async function appCheck(ctx: DoctorCtx, app: WxApp): Promise<{ check: SetupCheck; token: string }> {
  const w = ctx.config.wechat
  const [appid, secret] = app === 'h5' ? [w.h5AppId, w.h5Secret] : [w.miniAppId, w.miniSecret]
  const key = app === 'h5' ? 'officialAccount' : 'miniProgram'
  const title = app === 'h5' ? '公众号 AppID / AppSecret' : '小程序 AppID / AppSecret'
  if (!appid && !secret)
    return {
      check: { key, title, status: 'skip', message: app === 'h5' ? '未设置公众号：微信内的网页登录、分享和公众号消息不可用' : '未设置小程序：小程序登录、发货信息上传和订阅消息不可用' },
      token: '',
    }
  if (!appid || !secret) return { check: { key, title, status: 'error', message: !appid ? '填写了 AppSecret，但缺少 AppID' : '填写了 AppID，但缺少 AppSecret' }, token: '' }
  try {
    const token = await tryToken(ctx, app)
    return { check: { key, title, status: 'ok', message: `可以连接微信（AppID ${appid}）`, detail: '已用 AppID 和 AppSecret 获取 access_token' }, token }
  } catch (err) {
    return { check: { key, title, status: 'error', message: wxMessage(err) }, token: '' }
  }
}

async function jssdkCheck(ctx: DoctorCtx, token: string): Promise<SetupCheck> {
  const key = 'jssdk'
  const title = '微信网页接口与授权域名'
  if (!token) return { key, title, status: 'skip', message: '公众号未通过检查，跳过' }
  const host = publicHost(ctx)
  try {
    await wxGet(ctx, 'cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' })
  } catch (err) {
    return { key, title, status: 'error', message: '微信网页接口暂时不能使用（分享、网页登录受影响）：请联系部署人员查看', detail: `获取 JS-SDK ticket 失败：${wxMessage(err)}` }
  }
  if (!isPublicName(host))
    return {
      key,
      title,
      status: 'warn',
      message: '微信网页接口可以使用，但还没有设置商城的网址：微信只认已备案并登记的网址。请联系部署人员设置商城网址',
      detail: '可以获取 JS-SDK ticket；没有公网域名（MAIN_HOST 或支付通知地址的域名）',
    }
  return {
    key,
    title,
    status: 'ok',
    message: `微信网页接口可以使用。请在公众号后台「设置与开发 → 公众号设置 → 功能设置」的接口安全域名和「网页授权域名」中填写 ${host}（微信无法自动核对，需人工确认）`,
    detail: '可以获取 JS-SDK ticket；「JS接口安全域名」与「网页授权域名」都填写商城的域名',
  }
}

function miniDomainCheck(ctx: DoctorCtx, token: string): SetupCheck {
  const key = 'miniDomain'
  const title = '小程序服务器域名'
  if (!token) return { key, title, status: 'skip', message: '小程序未通过检查，跳过' }
  const host = publicHost(ctx)
  if (!isPublicName(host))
    return {
      key,
      title,
      status: 'error',
      message: '还没有设置商城的网址：小程序只能访问已登记的网址。请联系部署人员设置商城网址',
      detail: '没有公网域名（MAIN_HOST 或支付通知地址的域名）；小程序只能请求 HTTPS 的已登记域名',
    }
  return {
    key,
    title,
    status: 'ok',
    message: `请在小程序后台「开发 → 开发管理 → 开发设置 → 服务器域名」的各项合法域名中填写 https://${host}；「业务域名」同样填写 ${host}（需人工确认）`,
    detail: 'request、uploadFile、downloadFile 合法域名填写 https 地址；web-view 业务域名须上传校验文件',
  }
}

async function payCheck(ctx: DoctorCtx): Promise<SetupCheck[]> {
  const w = ctx.config.wechat
  const out: SetupCheck[] = []
  if (ctx.config.payProvider !== 'wechatpay') return [{ key: 'wechatPay', title: '微信支付 v3', status: 'skip', message: '当前为沙箱支付：顾客不会真正付款。上线前请在「设置 → 微信」开启微信支付' }]
  const labels: Array<[keyof typeof w, string]> = [
    ['mchId', '商户号'],
    ['mchSerialNo', '商户 API 证书序列号'],
    ['apiV3Key', 'APIv3 密钥'],
    ['mchPrivateKey', '商户接口证书私钥'],
    ['notifyUrl', '支付通知地址'],
  ]
  const missing = labels.filter(([k]) => !w[k]).map(([, l]) => l)
  if (!Object.keys(w.platformPublicKeys || {}).length) missing.push('微信支付平台证书 / 公钥')
  if (missing.length) return [{ key: 'wechatPay', title: '微信支付 v3', status: 'error', message: `缺少：${missing.join('、')}` }]
  // The platform certificate's validity (a public key has none).
  for (const [serial, pem] of Object.entries(w.platformPublicKeys)) {
    if (!pem.includes('BEGIN CERTIFICATE')) continue
    try {
      const c = new crypto.X509Certificate(pem)
      const left = Date.parse(c.validTo) - Date.now()
      if (left < 0) out.push({ key: 'platformCert', title: '微信支付平台证书', status: 'error', message: `平台证书 ${serial} 已于 ${c.validTo} 过期：请在商户平台下载新证书或改用微信支付公钥` })
      else if (left < 30 * 86400_000) out.push({ key: 'platformCert', title: '微信支付平台证书', status: 'warn', message: `平台证书 ${serial} 将于 ${c.validTo} 过期，请及时更换` })
    } catch {
      out.push({ key: 'platformCert', title: '微信支付平台证书', status: 'error', message: `平台证书 ${serial} 无法解析` })
    }
  }
  // A signed request whose answer must carry WeChat's signature: proves the key pair with its serial, and the platform key.
  try {
    await getPaymentProvider(ctx, 'wechatpay').tradeBill(chinaYesterday())
    out.unshift({ key: 'wechatPay', title: '微信支付 v3', status: 'ok', message: `商户 ${w.mchId}：请求签名被微信支付接受，应答签名已用平台证书验证通过` })
  } catch (err: any) {
    const code = String(err?.gatewayCode || '')
    const msg = String(err?.message || err)
    let text: string
    let detail = ''
    if (code === 'SIGN_ERROR' || err?.status === 401) text = '微信支付拒绝了请求签名：商户接口证书私钥与证书序列号不匹配，或商户号不正确（请核对商户平台「API 安全」中的证书序列号）'
    else if (/签名|未知的微信支付平台证书/.test(msg)) {
      text = '无法验证微信支付的应答：平台证书或公钥不正确或已更换，请在商户平台重新下载后上传'
      detail = msg
    } else if (/missing configuration|must be 32 bytes|PLATFORM_KEYS/.test(msg)) {
      text = '微信支付的设置不完整或格式不正确：请在「设置 → 微信」核对'
      detail = msg.replace(/^wechatpay: /, '')
    } else if (/key|PEM|DECODER|asn1/i.test(msg)) {
      text = '商户接口证书私钥无法读取：请重新上传商户平台下载的私钥文件'
      detail = '私钥文件名为 apiclient_key.pem'
    } else if (!code && !err?.status && err instanceof Error) {
      text = '连接不到微信支付：请联系部署人员检查服务器的网络'
      detail = `${msg}；服务器须能访问 api.mch.weixin.qq.com`
    } else {
      text = '微信支付拒绝了检查：请在「设置 → 微信」核对商户号和密钥'
      detail = msg
    }
    out.unshift({ key: 'wechatPay', title: '微信支付 v3', status: 'error', message: text, ...(detail ? { detail } : {}) })
  }
  return out
}

async function notifyCheck(ctx: DoctorCtx): Promise<SetupCheck> {
  const key = 'notifyUrl'
  const title = '支付通知地址'
  const url = ctx.config.wechat.notifyUrl
  if (ctx.config.payProvider !== 'wechatpay' && !url) return { key, title, status: 'skip', message: '未开启微信支付' }
  if (!url) return { key, title, status: 'error', message: '未设置支付通知地址：付款后订单不会自动变为已支付' }
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return { key, title, status: 'error', message: '支付通知地址不是有效的网址' }
  }
  if (u.protocol !== 'https:') return { key, title, status: 'error', message: '支付通知地址必须是加密的网址：微信支付只通知这样的地址', detail: '须以 https:// 开头' }
  if (!isPublicName(u.hostname)) return { key, title, status: 'error', message: `支付通知地址的域名 ${u.hostname} 不是公网域名，微信支付无法访问` }
  if (u.search) return { key, title, status: 'error', message: '支付通知地址不能带查询参数（?…）' }
  if (!u.pathname.endsWith('/api/pay/notify/wechat')) return { key, title, status: 'warn', message: `通知地址通常为 https://${u.host}/h5/api/pay/notify/wechat ，当前为 ${url} ，请核对` }
  try {
    const res = await ctx.http.request('GET', url)
    // The notify route takes POSTs only: any HTTP answer (404/405...) from our server proves the address is reachable.
    if (res.status >= 500)
      return { key, title, status: 'error', message: '通知地址可以连接，但商城没有正常应答：请联系部署人员检查', detail: `服务器返回 ${res.status}：请检查反向代理是否把 /h5/ 转发到本服务` }
    return { key, title, status: 'ok', message: '通知地址可以访问。本检查从商城服务器发出，微信支付能否访问还取决于服务器对外开放', detail: `应答 ${res.status}；请确保防火墙对外开放 443 端口` }
  } catch (err) {
    return { key, title, status: 'error', message: '无法访问通知地址：请联系部署人员检查', detail: `${(err as Error).message}：请检查域名解析、HTTPS 证书和反向代理` }
  }
}

/** 短信: which provider sends login codes; the demo's log provider is an error once the shop takes real money or runs in production. */
export function smsCheck(ctx: DoctorCtx): SetupCheck {
  const key = 'sms'
  const title = '短信验证码'
  const s = ctx.config.sms
  const live = ctx.config.production || ctx.config.payProvider === 'wechatpay'
  if (s.provider === 'log') {
    const text = '当前为演示模式：验证码只写入服务器日志，顾客收不到短信，无法在网页端登录或完成注册。请在「设置 → 短信」选择腾讯云或阿里云短信并填写签名和模板'
    return { key, title, status: live ? 'error' : 'warn', message: live ? `商城已正式运行（${ctx.config.production ? '生产模式' : '已开启微信支付'}），但${text}` : text }
  }
  const missing = missingSmsFields(s)
  if (missing.length) return { key, title, status: 'error', message: `已选择${SMS_PROVIDER_LABELS[s.provider]}，但缺少：${missing.join('、')}` }
  return {
    key,
    title,
    status: 'ok',
    message: `当前由${SMS_PROVIDER_LABELS[s.provider]}发送（签名「${s.signName}」，模板 ${s.templateId}）。签名和模板须已通过审核；可在「设置 → 短信」发送测试短信确认`,
  }
}

export async function runDoctor(ctx: DoctorCtx): Promise<SetupCheckReply> {
  const keyProblem = settingsKeyProblem(ctx.config.settingsKey)
  const checks: SetupCheck[] = [{ key: 'settingsKey', title: '设置加密密钥', status: keyProblem ? 'warn' : 'ok', message: keyProblem || '已设置：后台保存的密钥和证书加密存储' }]
  const h5 = await appCheck(ctx, 'h5')
  const mini = await appCheck(ctx, 'mini')
  checks.push(h5.check, await jssdkCheck(ctx, h5.token), mini.check, miniDomainCheck(ctx, mini.token))
  checks.push(...(await payCheck(ctx)), await notifyCheck(ctx))
  checks.push(smsCheck(ctx), await returnAddressCheck(ctx.db), await trackingCheck(ctx))
  return { checks, checkedAt: Date.now() }
}

const MARK = { ok: '✔', warn: '!', error: '✘', skip: '-' } as const
/** The CLI's lines. */
export const doctorLines = (r: SetupCheckReply) => r.checks.map((c) => `${MARK[c.status]} ${c.title}：${c.message}`)
