import crypto from 'node:crypto'
import type { Db, Tx } from '../../db/types'
import type { SmsCodePurpose } from '../../db/tables'
import type { MemberInfo, PhoneRegisterRequest, UpdateMemberInfoQuery } from '../../../../types/member'
import type { Contributions } from '../contributions'
import { AppError, ErrorCode } from '../../errors'
import { hit, unhit } from '../../services/rateLimit'
import { ACCOUNT_DISABLED_MSG, createSession } from '../../plugins/auth'
import type { SmsProvider } from './sms'
import { bindLoginKey, peekLoginKey } from '../wechat/service'
import { storedFilePath } from '../../services/storedPath'
import type { AppContext } from '../../context'
import type { MiniPhoneLoginRequest } from '../../../../types/wechat'
import { WeChatApiError } from '../../wechat/api'
import { getUserPhoneNumber, type WxPhoneInfo } from '../../wechat/mini'
import type { TokenStore } from '../../wechat/tokens'

export const CODE_COOLDOWN_MS = 60_000
export const CODE_TTL_MS = 5 * 60_000
export const CODE_MAX_ATTEMPTS = 5
export const CODE_DAILY_PER_PHONE = 10
export const CODE_DAILY_PER_IP = 50
export const LOGIN_ATTEMPTS_PER_10_MIN = 20
const DAY = 86400_000

/** Mainland mobile rule of SPEC.md section 5 (the same regular expression as the client's). */
export const MOBILE_RE = /^1(?:[3589]\d|4[5-9]|6[124-7]|7[0-8])\d{8}$/

export function checkPhone(phone: string) {
  if (!MOBILE_RE.test(phone)) throw new AppError(ErrorCode.BAD_REQUEST, '请输入正确的手机号')
}

/** Sends a 6-digit code: one per phone per 60 s, daily caps per phone and per IP. purpose: what it may be used for (login or 支付密码). */
export async function sendVerificationCode(db: Db, sms: SmsProvider, phone: string, ip: string, purpose: SmsCodePurpose = 'login') {
  checkPhone(phone)
  const t = Date.now()
  // The cooldown is per purpose (a member who just logged in may ask for a 支付密码 code at once); the daily caps are shared.
  const last = await db.selectFrom('smsCodes').select('createdAt').where('phone', '=', phone).where('purpose', '=', purpose).orderBy('createdAt', 'desc').limit(1).executeTakeFirst()
  if (last && t - last.createdAt < CODE_COOLDOWN_MS) {
    const wait = Math.ceil((CODE_COOLDOWN_MS - (t - last.createdAt)) / 1000)
    throw new AppError(ErrorCode.RATE_LIMITED, `验证码已发送，请${wait}秒后再试`, { cooldown: wait })
  }
  await hit(db, `sms:phone:${phone}`, CODE_DAILY_PER_PHONE, DAY, '该手机号今日获取验证码次数已达上限')
  await hit(db, `sms:ip:${ip}`, CODE_DAILY_PER_IP, DAY, '今日获取验证码次数已达上限')
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')
  // The row is written first (it holds the 60 s cooldown against a second tap while the provider answers).
  const row = await db.insertInto('smsCodes').values({ phone, code, ip, attempts: 0, usedAt: null, createdAt: t, purpose }).returning('id').executeTakeFirstOrThrow()
  try {
    await sms.send(phone, code)
  } catch (err) {
    // A refused or failed send is no sent code: the code is removed and the daily counts given back.
    await db.deleteFrom('smsCodes').where('id', '=', row.id).execute()
    await unhit(db, `sms:phone:${phone}`, DAY)
    await unhit(db, `sms:ip:${ip}`, DAY)
    if (err instanceof AppError) throw err
    throw new AppError(ErrorCode.UNAVAILABLE, '短信服务繁忙，请稍后再试')
  }
  return { sent: true, cooldown: CODE_COOLDOWN_MS / 1000 }
}

/** Checks and consumes a code of the purpose it was sent for (single use, 5 minutes, 5 wrong attempts at most). */
export async function consumeCode(db: Db, phone: string, code: string, purpose: SmsCodePurpose = 'login') {
  const t = Date.now()
  const row = await db
    .selectFrom('smsCodes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('createdAt', '>', t - CODE_TTL_MS)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(ErrorCode.CODE_INVALID, '验证码已失效，请重新获取')
  if (row.code !== code) {
    await db
      .updateTable('smsCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute()
    throw new AppError(ErrorCode.CODE_INVALID, '验证码错误')
  }
  // Conditional update: a code can be used once even under concurrent logins.
  const res = await db.updateTable('smsCodes').set({ usedAt: t }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CODE_INVALID, '验证码已失效，请重新获取')
}

const toId = (v: unknown): number | null => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null
}

/**
 * Registers or logs in by phone + code. A new member is bound to the sharer and to the sharer's
 * agent shop (first binding wins: an existing member's binding never changes here).
 */
export async function phoneRegister(db: Db, modules: Contributions, input: PhoneRegisterRequest & { ip: string }) {
  checkPhone(input.phone)
  await hit(db, `login:${input.phone}`, LOGIN_ATTEMPTS_PER_10_MIN, 10 * 60_000, '登录尝试过于频繁，请稍后再试')
  // A WeChat login waiting for its phone (miniLogin's loginKey): checked before the SMS code is used up.
  const pending = input.loginKey ? await peekLoginKey(db, input.loginKey) : null
  await consumeCode(db, input.phone, input.verificationCode)
  return signInByPhone(db, modules, input.phone, {
    shareMemberId: input.shareMemberId || pending?.shareMemberId,
    shareBusinessId: input.shareBusinessId || pending?.shareBusinessId,
    loginKey: input.loginKey,
  })
}

/**
 * The mini-program's phone-number button (open-type="getPhoneNumber"): WeChat vouches for the phone, so no SMS
 * code is needed. The pending loginKey of miniLogin carries the first visit's sharer and agent shop exactly as
 * the SMS path does, and its openid is bound to the member.
 */
export async function miniPhoneLogin(ctx: Pick<AppContext, 'config' | 'db' | 'http' | 'log' | 'modules'>, tokens: TokenStore, input: MiniPhoneLoginRequest) {
  const pending = await peekLoginKey(ctx.db, input.loginKey)
  if (pending.app !== 'mini') throw new AppError(ErrorCode.WECHAT_LOGIN_EXPIRED, '微信登录已过期，请返回重新登录')
  let info: WxPhoneInfo
  try {
    info = await getUserPhoneNumber(ctx, tokens, input.code)
  } catch (err) {
    throw phoneNumberError(ctx, err)
  }
  if (info.watermark?.appid !== ctx.config.wechat.miniAppId) {
    ctx.log.warn({ watermark: info.watermark?.appid }, 'getuserphonenumber: watermark of another app')
    throw new AppError(ErrorCode.WECHAT_ERROR, '手机号授权校验失败，请使用短信验证码登录')
  }
  const phone = info.purePhoneNumber
  if (info.countryCode !== '86' || !MOBILE_RE.test(phone)) throw new AppError(ErrorCode.WECHAT_PHONE_UNAVAILABLE, '暂只支持中国大陆手机号，请使用短信验证码登录')
  await hit(ctx.db, `login:${phone}`, LOGIN_ATTEMPTS_PER_10_MIN, 10 * 60_000, '登录尝试过于频繁，请稍后再试')
  return signInByPhone(ctx.db, ctx.modules, phone, { shareMemberId: pending.shareMemberId, shareBusinessId: pending.shareBusinessId, loginKey: input.loginKey })
}

/** getuserphonenumber's refusals in the shopper's words; a missing quota or permission sends the page to the SMS form (7007). */
function phoneNumberError(ctx: Pick<AppContext, 'log'>, err: unknown): AppError {
  if (err instanceof AppError) return err
  if (err instanceof WeChatApiError) {
    ctx.log.warn({ errcode: err.errcode, errmsg: err.errmsg, api: err.api }, 'wechat api error')
    if (err.errcode === 40029) return new AppError(ErrorCode.WECHAT_CODE_USED, '手机号授权已失效，请重新点击获取手机号')
    if (err.errcode === 45011) return new AppError(ErrorCode.RATE_LIMITED, '操作太频繁，请稍后再试')
    if (err.errcode === -1) return new AppError(ErrorCode.WECHAT_ERROR, '微信系统繁忙，请稍后再试')
    if (err.errcode === 1400001 || err.errcode === 48001 || err.errcode === 40013) return new AppError(ErrorCode.WECHAT_PHONE_UNAVAILABLE, '暂时无法使用微信手机号快捷登录，请使用短信验证码登录')
    return new AppError(ErrorCode.WECHAT_ERROR, `获取手机号失败（${err.errcode}），请使用短信验证码登录`)
  }
  ctx.log.warn({ err: String((err as Error)?.message || err) }, 'wechat api unreachable')
  return new AppError(ErrorCode.WECHAT_ERROR, '连接微信失败，请稍后重试')
}

/** Signs in (registering when new) the member of a verified phone; binds the pending WeChat identity when there is one. */
async function signInByPhone(db: Db, modules: Contributions, phone: string, input: { shareMemberId?: unknown; shareBusinessId?: unknown; loginKey?: string }) {
  const t = Date.now()
  let member: { id: number; status: string; disabledAt?: number | null } | undefined = await db
    .selectFrom('members')
    .select(['id', 'status', 'disabledAt'])
    .where('phone', '=', phone)
    .executeTakeFirst()
  let isNew = false
  if (!member) {
    const sharer = toId(input.shareMemberId)
    const sharerRow = sharer ? await db.selectFrom('members').select('id').where('id', '=', sharer).executeTakeFirst() : undefined
    const business = await resolveBusiness(db, toId(input.shareBusinessId), sharerRow?.id ?? null)
    // The member and what registering gives (the new-member coupons) commit together, once: only the request
    // whose insert wins runs the hooks.
    const inserted = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('members')
        .values({
          phone,
          nickname: `用户${phone.slice(-4)}`,
          avatar: '',
          gender: 0,
          openidH5: null,
          openidMini: null,
          shareMemberId: sharerRow?.id ?? null,
          boundBusinessId: business,
          invitationCode: null,
          points: 0,
          status: 'active',
          logoffAt: null,
          createdAt: t,
          updatedAt: t,
        })
        .onConflict((oc) => oc.column('phone').doNothing())
        .returning(['id', 'status'])
        .executeTakeFirst()
      if (row) for (const h of modules.memberRegistered) await h.fn(tx, row.id, t)
      return row
    })
    member = inserted ?? (await db.selectFrom('members').select(['id', 'status', 'disabledAt']).where('phone', '=', phone).executeTakeFirstOrThrow())
    isNew = !!inserted
  }
  if (member.status === 'anonymised') throw new AppError(ErrorCode.ACCOUNT_LOGOFF, '该账号已注销')
  if (member.disabledAt != null) throw new AppError(ErrorCode.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MSG)
  if (input.loginKey) await bindLoginKey(db, input.loginKey, member.id)
  const token = await createSession(db, member.id)
  return { token, isNew }
}

/** Run inside the transaction that creates a member (the coupon module hands out the new-member package). */
export type MemberRegisteredHook = (tx: Tx, memberId: number, now: number) => Promise<void>

/** The agent shop a new member is bound to: the bUid of the link, else the sharer's own shop. */
async function resolveBusiness(db: Db, businessId: number | null, sharerId: number | null): Promise<number | null> {
  if (businessId) {
    const shop = await db.selectFrom('agentShops').select('id').where('id', '=', businessId).where('status', '=', 'active').executeTakeFirst()
    if (shop) return shop.id
  }
  if (sharerId) {
    const own = await db.selectFrom('agentShops').select('id').where('memberId', '=', sharerId).where('status', '=', 'active').executeTakeFirst()
    if (own) return own.id
    const sharer = await db.selectFrom('members').select('boundBusinessId').where('id', '=', sharerId).executeTakeFirst()
    return sharer?.boundBusinessId ?? null
  }
  return null
}

/** The member's own info; agentStatus for a member without an active shop is the agent module's answer (ctx.modules). */
export async function getMemberInfo(db: Db, modules: Pick<Contributions, 'agentApplicationStatus'>, id: number): Promise<MemberInfo> {
  const m = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst()
  if (!m) throw new AppError(ErrorCode.UNAUTHORIZED, '登录已失效，请重新登录')
  const shop = await db.selectFrom('agentShops').select(['id', 'shopName', 'status']).where('memberId', '=', id).executeTakeFirst()
  const agentStatus = shop && shop.status === 'active' ? 'approved' : await modules.agentApplicationStatus(db, id)
  return {
    id: m.id,
    phone: m.phone ? `${m.phone.slice(0, 3)}****${m.phone.slice(7)}` : '',
    nickname: m.nickname,
    avatar: m.avatar,
    gender: m.gender,
    businessId: shop && shop.status === 'active' ? shop.id : null,
    shopName: shop && shop.status === 'active' ? shop.shopName : '',
    isAgent: !!shop && shop.status === 'active',
    agentStatus,
    points: m.points,
    balance: m.balance,
    boundBusinessId: m.boundBusinessId,
    logoffAt: m.logoffAt,
    createdAt: m.createdAt,
  }
}

export async function updateMemberInfo(db: Db, modules: Pick<Contributions, 'agentApplicationStatus'>, id: number, fields: UpdateMemberInfoQuery) {
  const patch: Record<string, unknown> = {}
  if (fields.nickname !== undefined) {
    const nickname = fields.nickname.trim()
    if (!nickname) throw new AppError(ErrorCode.BAD_REQUEST, '昵称不能为空')
    patch.nickname = nickname
  }
  if (fields.avatar !== undefined) {
    if (fields.avatar && !storedFilePath(fields.avatar)) throw new AppError(ErrorCode.BAD_REQUEST, '头像地址无效，请重新上传')
    patch.avatar = fields.avatar
  }
  if (fields.gender !== undefined) patch.gender = fields.gender
  if (Object.keys(patch).length)
    await db
      .updateTable('members')
      .set({ ...patch, updatedAt: Date.now() })
      .where('id', '=', id)
      .execute()
  return getMemberInfo(db, modules, id)
}

/**
 * Binds the caller to the owner of an invitation code (an agent): first binding wins, and a member
 * already bound through a share link or an earlier code cannot change it.
 */
export async function bindInvitationCode(db: Db, id: number, invitationCode: string) {
  const inviter = await db.selectFrom('members').select(['id', 'nickname']).where('invitationCode', '=', invitationCode.toUpperCase()).executeTakeFirst()
  if (!inviter) throw new AppError(ErrorCode.NOT_FOUND, '邀请码不存在')
  if (inviter.id === id) throw new AppError(ErrorCode.BAD_REQUEST, '不能填写自己的邀请码')
  const shop = await db.selectFrom('agentShops').select('id').where('memberId', '=', inviter.id).where('status', '=', 'active').executeTakeFirst()
  const res = await db
    .updateTable('members')
    .set({ shareMemberId: inviter.id, boundBusinessId: shop?.id ?? null, updatedAt: Date.now() })
    .where('id', '=', id)
    .where('shareMemberId', 'is', null)
    .where('boundBusinessId', 'is', null)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '您已绑定过邀请人')
  return { inviterName: inviter.nickname, businessId: shop?.id ?? null }
}
