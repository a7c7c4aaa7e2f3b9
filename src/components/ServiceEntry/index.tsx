import { type ReactNode, useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { Button as TaroButton, View } from '@tarojs/components'
import type { ShopInfo } from '@contract/content'
import { loadShopInfo } from '@/core/shopInfo'
import { navigateTo } from '@/core/nav'
import { dial } from '@/utils/clipboard'
import './index.scss'

// The profile (channels, name, logo) is asked once per app start: src/core/shopInfo.ts.
export { loadShopInfo, resetShopInfo } from '@/core/shopInfo'

/** One way to reach the shop: what the shopper reads, and what a tap on it does. */
export interface ServiceChannel {
  label: string
  open: () => void
}

/**
 * H5: the shop's configured channels, 微信客服 first (its link opens the WeChat customer-service chat in WeChat's
 * browser, and asks to open WeChat from a phone's browser), then the link (an https page, or a page of the shop such
 * as 意见反馈), then the phone.
 */
export function serviceChannels(info: ShopInfo): ServiceChannel[] {
  const out: ServiceChannel[] = []
  const wechat = info.serviceWechatUrl
  const url = info.serviceUrl
  if (wechat) out.push({ label: '微信客服', open: () => (window.location.href = wechat) })
  if (url) out.push({ label: url.startsWith('/') ? '在线留言' : '在线客服', open: () => (url.startsWith('/') ? navigateTo(url) : (window.location.href = url)) })
  if (info.servicePhone) out.push({ label: `电话客服 ${info.servicePhone}`, open: () => dial(info.servicePhone) })
  return out
}

/** H5: the one configured channel at once; several: the shopper picks one from an action sheet (a cancel does nothing). */
export async function contactService(info: ShopInfo) {
  const channels = serviceChannels(info)
  if (channels.length <= 1) return channels[0]?.open()
  try {
    const { tapIndex } = await Taro.showActionSheet({ itemList: channels.map((c) => c.label) })
    channels[tapIndex]?.open()
  } catch {
    // cancelled
  }
}

export interface ServiceEntryProps {
  className?: string
  /** What the entry looks like (icon and 客服 label); the entry takes the tap. */
  children: ReactNode
}

/** Mini-program: WeChat's own customer-service chat (the contact button). */
function WeappServiceEntry({ className = '', children }: ServiceEntryProps) {
  return (
    <TaroButton className={`service-entry service-entry--button ${className}`} openType='contact'>
      {children}
    </TaroButton>
  )
}

/** H5: the server's configured channels; nothing is drawn where the shop configured none. */
function H5ServiceEntry({ className = '', children }: ServiceEntryProps) {
  const [info, setInfo] = useState<ShopInfo | null>(null)
  useEffect(() => {
    let live = true
    loadShopInfo().then((i) => live && setInfo(i))
    return () => {
      live = false
    }
  }, [])
  if (!info || !serviceChannels(info).length) return null
  return (
    <View className={`service-entry ${className}`} onClick={() => contactService(info)} aria-label='联系客服'>
      {children}
    </View>
  )
}

/** The 客服 entry (goods details, order details, mine). */
export default function ServiceEntry(props: ServiceEntryProps) {
  return process.env.TARO_ENV === 'weapp' ? <WeappServiceEntry {...props} /> : <H5ServiceEntry {...props} />
}
