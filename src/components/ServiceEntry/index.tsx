import { type ReactNode, useEffect, useState } from 'react'
import { Button as TaroButton, View } from '@tarojs/components'
import type { ShopInfo } from '@contract/content'
import { getShopInfo } from '@/api/content'
import { dial } from '@/utils/clipboard'
import './index.scss'

let shopInfo: Promise<ShopInfo | null> | null = null
/** The customer-service contact, asked once per app start (a failure is asked again next time). */
export function loadShopInfo(): Promise<ShopInfo | null> {
  if (!shopInfo)
    shopInfo = getShopInfo().catch(() => {
      shopInfo = null
      return null
    })
  return shopInfo
}

/** Forgets the contact asked for (tests; a new app start asks again anyway). */
export function resetShopInfo() {
  shopInfo = null
}

/** H5: the configured customer-service link (SPEC.md), else the phone. */
export function contactService(info: ShopInfo) {
  if (info.serviceUrl) window.location.href = info.serviceUrl
  else if (info.servicePhone) dial(info.servicePhone)
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

/** H5: the server's configured link or phone; nothing is drawn where the shop configured neither. */
function H5ServiceEntry({ className = '', children }: ServiceEntryProps) {
  const [info, setInfo] = useState<ShopInfo | null>(null)
  useEffect(() => {
    let live = true
    loadShopInfo().then((i) => live && setInfo(i))
    return () => {
      live = false
    }
  }, [])
  if (!info || (!info.serviceUrl && !info.servicePhone)) return null
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
