import Taro from '@tarojs/taro'
import { getPublicSettings, publicSettingsNow, type PublicSettings } from '@/api/settings'
import { currentShell } from './env'

/**
 * Mini-program subscribe messages: asks the user for the templates of one moment (placing an order, applying for
 * after-sales, applying for withdrawal: the server's /api/settings/public lists them). Must run inside the tap that
 * starts the action (WeChat's rule). Elsewhere, or when refused, it does nothing: it never blocks the action.
 */
export async function requestSubscribe(tmplIds: string[]): Promise<void> {
  if (currentShell() !== 'weapp' || !tmplIds.length) return
  try {
    await Taro.requestSubscribeMessage({ tmplIds: tmplIds.slice(0, 3), entityIds: [] } as Parameters<typeof Taro.requestSubscribeMessage>[0])
  } catch {
    // refused, or the switch is off in the user's settings: the action goes on.
  }
}

// The mini-program reads the settings at start, so a tap can ask at once (no request between the tap and the ask).
if (currentShell() === 'weapp') getPublicSettings().catch(() => undefined)

/** Asks for the templates of a moment (placing an order, applying for after-sales, applying for withdrawal); call first in the tap. */
export function subscribeAt(moment: keyof PublicSettings['subscribe']): Promise<void> {
  return requestSubscribe(publicSettingsNow()?.subscribe[moment] || [])
}
