import { useEffect, useState } from 'react'
import type { ShopInfo } from '@contract/content'
import { getShopInfo } from '@/api/content'

/**
 * The shop's public profile (`/api/common/shopInfo`, console 设置 → 店铺): its name and logo, the article section's
 * name and the customer-service channels. Asked once per app start and shared by every page (a failure is asked
 * again next time); nothing in the client names the shop itself (test/unit/core/shopInfo.test.ts greps for it).
 */
let pending: Promise<ShopInfo | null> | null = null
let loaded: ShopInfo | null = null

export function loadShopInfo(): Promise<ShopInfo | null> {
  if (!pending)
    pending = getShopInfo().then(
      (info) => (loaded = info),
      () => {
        pending = null
        return null
      },
    )
  return pending
}

/** What `loadShopInfo` has answered so far (null before it has): for code that cannot wait, e.g. a share card built on tap. */
export const shopInfoNow = (): ShopInfo | null => loaded

/** Forgets the profile asked for (tests; a new app start asks again anyway). */
export function resetShopInfo() {
  pending = null
  loaded = null
}

/** The shop's profile for a component: null until it arrives (or when it cannot be read). */
export function useShopInfo(): ShopInfo | null {
  const [info, setInfo] = useState<ShopInfo | null>(loaded)
  useEffect(() => {
    let live = true
    loadShopInfo().then((i) => live && setInfo(i))
    return () => {
      live = false
    }
  }, [])
  return info
}

/** The login page's greeting: the shop's name when it has one. */
export const welcomeText = (info: ShopInfo | null): string => (info?.shopName ? `欢迎来到${info.shopName}` : '欢迎登录')

/** The home page's title (document.title on H5): the shop's name, 首页 until it is known or when none is set. */
export const homeTitle = (info: ShopInfo | null): string => info?.shopName || '首页'

/** The article section's title: the console's name for it; 文章 until it is known. */
export const articleSectionTitle = (info: ShopInfo | null): string => info?.articleSectionName || '文章'
