import type { Config } from '../../config'
import type { Conn, Db } from '../../db/types'
import type { PublicSettings } from '../../../../types/settings'
import '../../db/moneyTables'

/**
 * Shop settings that change without a deploy: rows of shop_settings (key → JSON), read by the shop and written by the
 * console (and the CLI until the console's settings page exists). Defaults come from configuration.
 */

export async function getSetting<T>(db: Conn, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('shopSettings').select('value').where('key', '=', key).executeTakeFirst()
  if (!row) return fallback
  try {
    return JSON.parse(row.value) as T
  } catch {
    return fallback
  }
}

export async function setSetting(db: Conn, key: string, value: unknown) {
  const t = Date.now()
  const v = JSON.stringify(value)
  await db
    .insertInto('shopSettings')
    .values({ key, value: v, updatedAt: t })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: v, updatedAt: t }))
    .execute()
}

// ------------------------------------------------------------------ mini-program review mode

/**
 * While a new mini-program version is under WeChat's review, the client hides what reviewers commonly reject: video
 * release, the blind box, and share prompts that promise rewards. A setting, so it takes effect without a new build.
 */
export const reviewMode = (db: Conn) => getSetting(db, 'reviewMode', false)
export const setReviewMode = (db: Conn, on: boolean) => setSetting(db, 'reviewMode', on)

// ------------------------------------------------------------------ subscribe messages

/** Events a subscribe message is sent on. */
export const SUBSCRIBE_EVENTS = ['order_shipped', 'after_sale_result', 'refund_arrived', 'withdrawal_paid', 'cashback_paid', 'group_formed', 'group_failed'] as const
export type SubscribeEvent = (typeof SUBSCRIBE_EVENTS)[number]

export interface SubscribeTemplate {
  templateId: string
  enabled: boolean
  /** The mini-program page the message opens. */
  page: string
  /** Template keys (thing1, character_string2, amount3, time4...) → the event's value names. */
  fields: Record<string, string>
}

/** The moments the client may ask for subscriptions (requestSubscribeMessage), and the events each asks for (at most 3). */
export const SUBSCRIBE_MOMENTS: Record<keyof PublicSettings['subscribe'], SubscribeEvent[]> = {
  placeOrder: ['order_shipped', 'refund_arrived', 'cashback_paid'],
  afterSale: ['after_sale_result', 'refund_arrived'],
  withdraw: ['withdrawal_paid'],
  // The group checkout (starting or joining a group): formed, failed (with its refund), shipped.
  groupBuy: ['group_formed', 'group_failed', 'order_shipped'],
}

/** Every event's template: configuration first, then the console's saved settings over it. */
export async function subscribeTemplates(db: Conn, config: Config): Promise<Record<SubscribeEvent, SubscribeTemplate>> {
  const saved = await getSetting<Partial<Record<SubscribeEvent, Partial<SubscribeTemplate>>>>(db, 'subscribeTemplates', {})
  const out = {} as Record<SubscribeEvent, SubscribeTemplate>
  for (const e of SUBSCRIBE_EVENTS) {
    const c = config.subscribeTemplates[e] || { templateId: '', fields: {} }
    const s = saved[e] || {}
    const templateId = s.templateId ?? c.templateId ?? ''
    out[e] = { templateId, enabled: (s.enabled ?? c.enabled ?? true) && !!templateId, page: s.page ?? c.page ?? '', fields: s.fields ?? c.fields ?? {} }
  }
  return out
}

/** The console saves one event's template (or switches it off). */
export async function saveSubscribeTemplate(db: Db, event: SubscribeEvent, t: Partial<SubscribeTemplate>) {
  const saved = await getSetting<Partial<Record<SubscribeEvent, Partial<SubscribeTemplate>>>>(db, 'subscribeTemplates', {})
  await setSetting(db, 'subscribeTemplates', { ...saved, [event]: { ...(saved[event] || {}), ...t } })
}

/**
 * Official-account template messages per event (/cgi-bin/message/template/send): for shoppers who use the shop in
 * WeChat's browser (they have an openid of the official account, not of the mini-program). Console settings only.
 */
export const OFFICIAL_KEY = 'officialTemplates'
export async function officialTemplates(db: Conn): Promise<Record<SubscribeEvent, SubscribeTemplate>> {
  const saved = await getSetting<Partial<Record<SubscribeEvent, Partial<SubscribeTemplate>>>>(db, OFFICIAL_KEY, {})
  const out = {} as Record<SubscribeEvent, SubscribeTemplate>
  for (const e of SUBSCRIBE_EVENTS) {
    const s = saved[e] || {}
    const templateId = s.templateId ?? ''
    out[e] = { templateId, enabled: (s.enabled ?? false) && !!templateId, page: s.page ?? '', fields: s.fields ?? {} }
  }
  return out
}

/** What the client reads at start (GET /api/settings/public): review mode and the template ids to ask for per moment. */
export async function publicSettings(db: Conn, config: Config): Promise<PublicSettings> {
  const templates = await subscribeTemplates(db, config)
  const ids = (events: SubscribeEvent[]) =>
    events
      .map((e) => templates[e])
      .filter((t) => t.enabled)
      .map((t) => t.templateId)
  return {
    reviewMode: await reviewMode(db),
    h5Pay: config.payProvider === 'wechatpay' && config.wechat.h5PayEnabled,
    subscribe: { placeOrder: ids(SUBSCRIBE_MOMENTS.placeOrder), afterSale: ids(SUBSCRIBE_MOMENTS.afterSale), withdraw: ids(SUBSCRIBE_MOMENTS.withdraw), groupBuy: ids(SUBSCRIBE_MOMENTS.groupBuy) },
  }
}
