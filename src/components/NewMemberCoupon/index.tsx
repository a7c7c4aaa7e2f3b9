import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Button, Popup } from '@nutui/nutui-react-taro'
import { Close } from '@nutui/icons-react-taro'
import type { NewMemberCouponHint } from '@contract/coupon'
import { getNewMemberCouponHint, receiveNewMemberCoupon } from '@/api/coupon'
import { goLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { storage } from '@/platform/storage'
import { ROUTES } from '@/routes'
import { isLoggedIn, useUserStore } from '@/stores/user'
import { yuan } from '@/utils/money'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import './index.scss'

/** Closing the popup hides it for the rest of the (China) day; the 新人礼 badge on the home page reopens it. */
export const DISMISS_KEY = 'newMemberCouponDismissed'
/** The package arrives at registration: the popup says so once on this device. */
export const ARRIVED_KEY = 'newMemberCouponArrivedShown'
/** Set when a visitor taps 登录领取: once signed in, the popup claims the package (if still to be taken) and shows what they got. */
export const PENDING_KEY = 'newMemberCouponLoginClaim'
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)

/**
 * The new-member gift on the home page, exactly the package the server hands out at registration: visitors
 * see it with 登录领取 (registering on any page gives it), a member who received it sees once that it has
 * arrived, and a new member who has not got it (registered before it existed) can still take it. Until it
 * is taken, a closed popup can be reopened from the 新人礼 badge.
 */
export default function NewMemberCoupon() {
  const [hint, setHint] = useState<NewMemberCouponHint | null>(null)
  const [open, setOpen] = useState(false)
  const dialogClass = useDialogFocus(open, '新人专享礼包', () => close())
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  // Asked again when the login changes (a token in the address arrives after the first render).
  const token = useUserStore((s) => s.token)
  const loggedIn = useUserStore((s) => isLoggedIn(s))

  useEffect(() => {
    let live = true
    getNewMemberCouponHint({ toast: false, catch: true })
      .then((h) => {
        if (!live) return
        setHint(h)
        // Back from 登录领取: the shopper asked for the package, so they are told what they got whatever was closed before.
        if (storage.get<boolean>(PENDING_KEY) && isLoggedIn()) {
          storage.remove(PENDING_KEY)
          if (h.received && h.coupons.length) {
            storage.set(ARRIVED_KEY, true)
            setDone(true)
            setOpen(true)
          } else if (h.eligible && h.coupons.length) {
            setOpen(true)
            claim()
          } else {
            toast('新人礼包仅限新用户领取')
          }
          return
        }
        // Closed today: nothing pops up again today (the badge stays while the package is to be taken).
        const dismissed = storage.get<string>(DISMISS_KEY) === today()
        if (h.received) {
          const show = !dismissed && !storage.get<boolean>(ARRIVED_KEY) && h.coupons.length > 0
          setDone(show)
          setOpen(show)
          if (show) storage.set(ARRIVED_KEY, true)
        } else {
          setDone(false)
          setOpen(h.eligible && h.coupons.length > 0 && !dismissed)
        }
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [token])

  const close = () => {
    setOpen(false)
    if (!done) storage.set(DISMISS_KEY, today())
  }

  const receive = async () => {
    if (busy) return
    if (!loggedIn) {
      setOpen(false)
      storage.set(PENDING_KEY, true)
      goLogin()
      return
    }
    await claim()
  }

  const claim = async () => {
    setBusy(true)
    try {
      await receiveNewMemberCoupon({ catch: true })
      setDone(true)
      setHint((h) => (h ? { ...h, eligible: false, received: true } : h))
      toast('领取成功，已放入我的优惠券', 'success')
    } catch {
      setOpen(false)
    } finally {
      setBusy(false)
    }
  }

  if (!hint || !hint.coupons.length) return null
  // Still to be taken and the popup closed: the badge that reopens it.
  const badge = hint.eligible && !hint.received && !open
  return (
    <>
      {badge && (
        <View className='new-member-coupon__badge' onClick={() => setOpen(true)} aria-label='新人礼包'>
          <Text className='new-member-coupon__badge-text'>新人礼</Text>
          {hint.totalAmount > 0 && <Text className='new-member-coupon__badge-sum'>¥{yuan(hint.totalAmount).replace(/\.00$/, '')}</Text>}
        </View>
      )}
      <Popup visible={open} position='center' round={false} className={`new-member-coupon__popup ${dialogClass}`} onClose={close}>
        <View className='new-member-coupon'>
          <View className='new-member-coupon__head'>
            <Text className='new-member-coupon__title'>{done ? '新人礼包已到账' : '新人专享礼包'}</Text>
            {hint.totalAmount > 0 && (
              <Text className='new-member-coupon__sub'>
                {done ? '已放入我的优惠券：' : '注册即得'}价值<Text className='new-member-coupon__total'>¥{yuan(hint.totalAmount).replace(/\.00$/, '')}</Text>的优惠券
              </Text>
            )}
          </View>
          <View className='new-member-coupon__list'>
            {hint.coupons.map((c) => (
              <View className='new-member-coupon__item' key={c.couponId}>
                <Text className='new-member-coupon__face'>{c.faceText}</Text>
                <View className='new-member-coupon__info'>
                  <Text className='new-member-coupon__rule'>{c.ruleText}</Text>
                  <Text className='new-member-coupon__scope'>{c.scopeText}</Text>
                </View>
              </View>
            ))}
          </View>
          {done ? (
            <Button
              className='new-member-coupon__btn'
              block
              onClick={() => {
                setOpen(false)
                navigateTo(ROUTES.myCoupon)
              }}
            >
              去查看
            </Button>
          ) : (
            <Button className='new-member-coupon__btn' block loading={busy} onClick={receive}>
              {loggedIn ? '立即领取' : '登录领取'}
            </Button>
          )}
        </View>
        <View className='new-member-coupon__close' onClick={close} aria-label='关闭'>
          <Close size={18} color='#fff' />
        </View>
      </Popup>
    </>
  )
}
