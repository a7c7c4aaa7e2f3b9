import type { Selectable } from 'kysely'
import type { Conn, Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { MOBILE_RE } from '../member/service'
import { isIdCard } from '../../../../types/validate'
import {
  APPLY_REASON_MAX,
  REAL_NAME_MAX,
  SHOP_NAME_MAX,
  SHOP_NAME_MIN,
  withdrawFeeText,
  type AgentApplication,
  type AgentApplyOptions,
  type AgentApplyRequest,
  type ToApplyResponse,
} from '../../../../types/agent'
import type { AgentApplicationTable } from './tables'
import { ensureAccount, getAccount } from './account'
import { maskIdCard, maskPhone, num } from './util'
import { storedRules } from './rules'
import { recordParent } from './team'
import { inTx } from '../../db/tx'
import './tables'

/** The application form's options; the rules text follows the agent rules set in the console (rules.ts). */
export async function applyOptions(db: Conn): Promise<AgentApplyOptions> {
  const r = await storedRules(db)
  const pctOf = (bp: number) => `${(bp / 100).toFixed(bp % 100 ? 1 : 0)}%`
  const pct = pctOf(r.defaultRate)
  const pct2 = pctOf(r.teamDefaultRate)
  return {
    shopNameMin: SHOP_NAME_MIN,
    shopNameMax: SHOP_NAME_MAX,
    realNameMax: REAL_NAME_MAX,
    reasonMax: APPLY_REASON_MAX,
    reasonPresets: ['有稳定的客户资源', '社群/团购团长', '实体店店主', '自媒体博主', '想利用空闲时间兼职'],
    defaultCommissionRate: r.defaultRate,
    rules: [
      '申请由平台审核，一般 1-3 个工作日内完成；审核未通过可修改资料后重新申请。',
      '通过后即开通代理店铺：从平台商品中选品上架，分享商品给好友。',
      `好友通过您的分享链接或小程序码注册后与您的店铺绑定（首次绑定有效，不可更改${r.bindingRule === 'days' ? `，有效期 ${r.bindingDays} 天` : ''}）。`,
      `绑定用户购买您店铺上架的商品，您可获得实付金额 ${pct} 起的佣金（部分商品或分类单独设定比例）。`,
      ...(r.teamDefaultRate > 0 ? [`您邀请的好友成为代理后，其店铺的订单您可获得实付金额 ${pct2} 的二级佣金（部分商品或分类单独设定比例）。`] : []),
      `佣金在订单确认收货${r.freezeDays} 天后（售后期满）结算为可提现余额；订单退款时相应佣金扣减。`,
      `提现单笔不低于 ¥${(r.withdrawMin / 100).toFixed(2)}，${withdrawFeeText(r.withdrawFeeBp, r.withdrawFeeMin)}，每日最多 ${r.withdrawDailyCount} 次，审核后 1-3 个工作日到账。`,
    ],
  }
}

const SHOP_NAME_RE = /^[\u4e00-\u9fa5A-Za-z0-9·\-_ ]+$/
const REAL_NAME_RE = /^[\u4e00-\u9fa5A-Za-z·. ]+$/

function toApplication(r: Selectable<AgentApplicationTable>): AgentApplication {
  return {
    id: r.id,
    shopName: r.shopName,
    realName: r.realName,
    phone: maskPhone(r.phone),
    idCard: maskIdCard(r.idCard),
    reason: r.reason,
    status: r.status,
    rejectReason: r.rejectReason,
    createdAt: num(r.createdAt),
    reviewedAt: r.reviewedAt === null ? null : num(r.reviewedAt),
  }
}

async function activeShop(db: Conn, memberId: number) {
  return db.selectFrom('agentShops').select(['id', 'shopName', 'status', 'memberId', 'commissionRate', 'createdAt']).where('memberId', '=', memberId).where('status', '=', 'active').executeTakeFirst()
}

/** The member's shop suspended by staff (清退), if it is. */
const suspendedShop = (db: Conn, memberId: number) =>
  db.selectFrom('agentShops').select(['id', 'suspendedAt', 'suspendReason']).where('memberId', '=', memberId).where('status', '=', 'suspended').executeTakeFirst()

const latestApplication = (db: Conn, memberId: number) =>
  db.selectFrom('agentApplications').selectAll().where('memberId', '=', memberId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()

/** Member info's agentStatus for a member without an active shop: the state of the latest application (the module's agentApplicationStatus). */
export async function applicationLookup(db: Db, memberId: number): Promise<'none' | 'pending' | 'rejected'> {
  const app = await latestApplication(db, memberId)
  if (!app) return 'none'
  if (app.status === 'pending') return 'pending'
  if (app.status === 'rejected') return 'rejected'
  return 'none' // approved, but the shop has been closed since
}

/** GET /api/business/agent/toApply: where the member stands, the latest application and the form's options. */
export async function toApply(db: Db, memberId: number): Promise<ToApplyResponse> {
  const shop = await activeShop(db, memberId)
  const app = await latestApplication(db, memberId)
  const member = await db.selectFrom('members').select('phone').where('id', '=', memberId).executeTakeFirst()
  const suspended = shop ? undefined : await suspendedShop(db, memberId)
  const state = shop ? 'approved' : suspended ? 'suspended' : app?.status === 'pending' ? 'pending' : app?.status === 'rejected' ? 'rejected' : 'none'
  let suspension: ToApplyResponse['suspension'] = null
  if (suspended) {
    const a = await getAccount(db, suspended.id)
    suspension = { at: num(suspended.suspendedAt ?? 0), reason: suspended.suspendReason, moneyLeft: a.available + a.frozen + a.withdrawing > 0 }
  }
  return {
    state,
    suspension,
    application: app ? toApplication(app) : null,
    shop: shop ? { id: shop.id, shopName: shop.shopName } : null,
    options: await applyOptions(db),
    prefillPhone: member?.phone || '',
  }
}

/** Checks the form with the spec's rules; returns the cleaned values. */
export function checkApplication(input: AgentApplyRequest): AgentApplyRequest {
  const shopName = String(input.shopName || '').trim()
  const realName = String(input.realName || '').trim()
  const phone = String(input.phone || '').trim()
  const idCard = String(input.idCard || '')
    .trim()
    .toUpperCase()
  const reason = String(input.reason || '').trim()
  if (shopName.length < SHOP_NAME_MIN || shopName.length > SHOP_NAME_MAX) throw new AppError(ErrorCode.BAD_REQUEST, `店铺名称需为${SHOP_NAME_MIN}-${SHOP_NAME_MAX}个字`)
  if (!SHOP_NAME_RE.test(shopName)) throw new AppError(ErrorCode.BAD_REQUEST, '店铺名称只能包含中文、字母和数字')
  if (realName.length < 2 || realName.length > REAL_NAME_MAX || !REAL_NAME_RE.test(realName)) throw new AppError(ErrorCode.BAD_REQUEST, '请输入真实姓名')
  if (!MOBILE_RE.test(phone)) throw new AppError(ErrorCode.BAD_REQUEST, '请输入正确的手机号')
  if (!isIdCard(idCard)) throw new AppError(ErrorCode.BAD_REQUEST, '请输入正确的18位身份证号')
  if (!reason) throw new AppError(ErrorCode.BAD_REQUEST, '请填写申请理由')
  if (reason.length > APPLY_REASON_MAX) throw new AppError(ErrorCode.BAD_REQUEST, `申请理由不能超过${APPLY_REASON_MAX}字`)
  return { shopName, realName, phone, idCard, reason }
}

async function shopNameTaken(db: Conn, shopName: string, memberId: number): Promise<boolean> {
  const shop = await db.selectFrom('agentShops').select('id').where('shopName', '=', shopName).where('status', '=', 'active').where('memberId', '!=', memberId).executeTakeFirst()
  if (shop) return true
  const pending = await db.selectFrom('agentApplications').select('id').where('shopName', '=', shopName).where('status', '=', 'pending').where('memberId', '!=', memberId).executeTakeFirst()
  return !!pending
}

/** POST /api/business/agent/apply: one application under review at a time; agents cannot apply again. */
export async function apply(db: Db, memberId: number, input: AgentApplyRequest): Promise<ToApplyResponse> {
  const v = checkApplication(input)
  if (await activeShop(db, memberId)) throw new AppError(ErrorCode.AGENT_STATE, '您已是代理，无需重复申请')
  if (await suspendedShop(db, memberId)) throw new AppError(ErrorCode.AGENT_STATE, '您的代理资格已被清退，如有疑问请联系客服')
  const member = await db.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirst()
  if (!member || member.status !== 'active') throw new AppError(ErrorCode.AGENT_STATE, '账号注销中，无法申请代理')
  if (await shopNameTaken(db, v.shopName, memberId)) throw new AppError(ErrorCode.CONFLICT, '店铺名称已被使用，请换一个')
  const t = Date.now()
  try {
    await db
      .insertInto('agentApplications')
      .values({ memberId, ...v, status: 'pending', rejectReason: '', shopId: null, reviewedAt: null, createdAt: t, updatedAt: t })
      .execute()
  } catch (err: any) {
    // The partial unique index: one pending application per member.
    if (err?.code === '23505' || /UNIQUE/i.test(String(err?.message))) throw new AppError(ErrorCode.AGENT_STATE, '申请审核中，请耐心等待')
    throw err
  }
  return toApply(db, memberId)
}

/** Operator: approves a pending application, opening (or reopening) the member's shop and its account. */
export async function approveApplication(db: Db, applicationId: number): Promise<{ shopId: number; shopName: string; memberId: number }> {
  return inTx(db, async (tx) => {
    const t = Date.now()
    const app = await tx.selectFrom('agentApplications').selectAll().where('id', '=', applicationId).executeTakeFirst()
    if (!app) throw new AppError(ErrorCode.NOT_FOUND, `申请不存在：${applicationId}`)
    const res = await tx.updateTable('agentApplications').set({ status: 'approved', reviewedAt: t, updatedAt: t }).where('id', '=', app.id).where('status', '=', 'pending').executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.AGENT_STATE, `申请已处理（${app.status}）`)
    if (await shopNameTaken(tx, app.shopName, app.memberId)) throw new AppError(ErrorCode.CONFLICT, `店铺名称「${app.shopName}」已被使用`)
    const existing = await tx.selectFrom('agentShops').select(['id', 'status']).where('memberId', '=', app.memberId).executeTakeFirst()
    let shopId: number
    if (existing) {
      await tx.updateTable('agentShops').set({ shopName: app.shopName, status: 'active' }).where('id', '=', existing.id).execute()
      shopId = existing.id
    } else {
      const row = await tx
        .insertInto('agentShops')
        .values({ memberId: app.memberId, shopName: app.shopName, status: 'active', commissionRate: (await storedRules(tx)).defaultRate, createdAt: t })
        .returning('id')
        .executeTakeFirstOrThrow()
      shopId = row.id
    }
    await tx.updateTable('agentApplications').set({ shopId }).where('id', '=', app.id).execute()
    await ensureAccount(tx, shopId)
    await recordParent(tx, shopId, app.memberId, t)
    return { shopId, shopName: app.shopName, memberId: app.memberId }
  })
}

/** Operator: rejects a pending application with a reason the member sees. */
export async function rejectApplication(db: Db, applicationId: number, reason: string) {
  const why = reason.trim().slice(0, 120)
  if (!why) throw new AppError(ErrorCode.BAD_REQUEST, '请填写驳回原因')
  const t = Date.now()
  const res = await db
    .updateTable('agentApplications')
    .set({ status: 'rejected', rejectReason: why, reviewedAt: t, updatedAt: t })
    .where('id', '=', applicationId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.AGENT_STATE, `申请不存在或已处理：${applicationId}`)
  return { id: applicationId, rejectReason: why }
}

/**
 * The text the logoff page shows an agent before logging off (GET /api/member/agentLogoffHint uses it):
 * { isAgent: false, hint: '' } for other members.
 */
export async function agentLogoffHint(db: Db, memberId: number): Promise<{ isAgent: boolean; hint: string }> {
  const shop = await activeShop(db, memberId)
  if (!shop) return { isAgent: false, hint: '' }
  const a = await getAccount(db, shop.id)
  const { n } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('boundBusinessId', '=', shop.id)
    .executeTakeFirstOrThrow()
  const y = (fen: number) => (fen / 100).toFixed(2)
  const parts = [`您是「${shop.shopName}」的代理。注销账号将同时关闭代理店铺，已绑定的${num(n)}位用户今后下单不再为您产生佣金。`]
  if (a.available > 0) parts.push(`您还有可提现余额¥${y(a.available)}，请先提现。`)
  if (a.frozen > 0) parts.push(`冻结中的佣金¥${y(a.frozen)}需待订单售后期满后结算，注销后将无法提现。`)
  if (a.withdrawing > 0) parts.push(`提现中¥${y(a.withdrawing)}，将按原流程处理。`)
  return { isAgent: true, hint: parts.join('') }
}

/** Closes the member's shop when the account is anonymised (bindings stay, earning nothing); pending withdrawals go on. */
export async function closeAgentShop(db: Conn, memberId: number) {
  await db.updateTable('agentShops').set({ status: 'closed' }).where('memberId', '=', memberId).where('status', '=', 'active').execute()
}
