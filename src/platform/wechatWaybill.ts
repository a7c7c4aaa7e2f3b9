/**
 * WeChat's 物流查询 plug-in (docs/wechat.md "WeChat logistics page"): opens WeChat's own tracking page of a waybill
 * with the token the server got from WeChat. The plug-in exists only in a mini-program built with it declared
 * (WEAPP_LOGISTICS_PLUGIN=1); elsewhere this answers false and the page says so.
 */
/** The mini-program runtime's global (not in the H5 typings). */
declare const requirePlugin: (name: string) => unknown

interface LogisticsPlugin {
  openWaybillTracking(opts: { waybillToken: string }): void
}

function logisticsPlugin(): LogisticsPlugin | null {
  if (process.env.TARO_ENV !== 'weapp') return null
  try {
    // A global of the mini-program's runtime; throws when the app does not declare the plug-in.
    const p = requirePlugin('logisticsPlugin') as Partial<LogisticsPlugin> | undefined
    return p && typeof p.openWaybillTracking === 'function' ? (p as LogisticsPlugin) : null
  } catch {
    return null
  }
}

/** Opens WeChat's tracking page; false when this build has no 物流查询 plug-in. */
export function openWechatWaybill(waybillToken: string): boolean {
  const p = logisticsPlugin()
  if (!p) return false
  p.openWaybillTracking({ waybillToken })
  return true
}
