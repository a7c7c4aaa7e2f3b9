import type { Config } from '../../config'
import type { Conn, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import type { TrackingSettingsInput, TrackingSettingsView } from '../../../../types/adminTracking'
import { AppError, ErrorCode } from '../../errors'
import { getSetting, setSetting } from '../settings/service'
import { encryptSecret, secretHint, settingsKeyProblem } from '../settings/secrets'
import { setWechatWaybillEnabled, wechatWaybillEnabled } from './wechatWaybill'
import { KUAIDI100_FIELDS, kuaidi100Settings, SETTINGS_KEY, trackingLive, type StoredKuaidi100 } from './kuaidi100'

type Log = (e: AuditEntry) => void
type Field = (typeof KUAIDI100_FIELDS)[number]['key']
const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

/** The push address on the shop's public host: /h5/api/logistics/kuaidi100 (https unless the host is unknown). */
export function suggestedCallbackUrl(config: Config): string {
  const host = config.mainHost || ''
  return host ? `https://${host}/h5/api/logistics/kuaidi100` : ''
}

/** 设置 → 物流跟踪: what is set (secrets only as a fingerprint) and whether tracking is live. */
export async function trackingSettingsView(db: Conn, config: Config): Promise<TrackingSettingsView> {
  const s = await kuaidi100Settings(db, config)
  const env = config.kuaidi100
  return {
    fields: KUAIDI100_FIELDS.map((f) => {
      const v = s[f.key]
      return { key: f.key, label: f.label, secret: f.secret, value: f.secret ? '' : v, set: !!v, hint: v && f.secret ? `已设置 · ${secretHint(v)}` : '', fromServer: !!env[f.key] }
    }),
    live: trackingLive(s),
    suggestedCallbackUrl: suggestedCallbackUrl(config),
    canSaveSecrets: !settingsKeyProblem(config.settingsKey),
    keyProblem: settingsKeyProblem(config.settingsKey) ? '服务器没有配置设置密钥，不能在后台保存授权码和推送校验口令：请联系技术人员配置后重启' : '',
    wechatWaybill: await wechatWaybillEnabled(db),
  }
}

/** Saves the console's 快递100 fields (audited: which fields changed, never their secret values). */
export async function saveTrackingSettings(tx: Tx, config: Config, input: TrackingSettingsInput, log: Log) {
  const raw = await getSetting<StoredKuaidi100>(tx, SETTINGS_KEY, {})
  const next: StoredKuaidi100 = { ...raw }
  const changed: string[] = []
  for (const f of KUAIDI100_FIELDS) {
    const given = input[f.key as Field]
    if (given === undefined) continue
    const v = given.trim()
    if (config.kuaidi100[f.key]) throw bad(`「${f.label}」已在服务器配置中设置，不能在后台修改`)
    if (f.key === 'callbackUrl' && v && !/^https?:\/\/[^\s/]+\.[^\s/]+\/\S*$/.test(v)) throw bad('推送地址应是完整的网址，如 https://你的域名/h5/api/logistics/kuaidi100')
    if (f.key === 'salt' && v && v.length < 8) throw bad('推送校验口令至少 8 个字符')
    if (!v) delete next[f.key]
    else next[f.key] = f.secret ? encryptSecret(config.settingsKey, v) : v
    changed.push(f.label)
  }
  const wx = input.wechatWaybill
  const wxBefore = await wechatWaybillEnabled(tx)
  if (wx !== undefined && wx !== wxBefore) {
    await setWechatWaybillEnabled(tx, wx)
    log({ action: 'settings.wechatWaybill', targetType: 'settings', targetId: 'wechatWaybill', before: { enabled: wxBefore }, after: { enabled: wx } })
  }
  if (!changed.length) {
    if (wx !== undefined) return
    throw bad('没有需要保存的修改')
  }
  await setSetting(tx, SETTINGS_KEY, next)
  log({ action: 'settings.tracking', targetType: 'settings', targetId: SETTINGS_KEY, after: { changed } })
}
