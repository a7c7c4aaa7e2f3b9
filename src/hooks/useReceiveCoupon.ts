import { useState } from 'react'
import type { CentreCoupon } from '@contract/coupon'
import { receiveCoupon } from '@/api/coupon'
import { requireLogin } from '@/core/auth'
import { toast } from '@/core/toast'

/**
 * Claiming a coupon of the coupon centre (the centre itself, an activity's coupons): asks to log in first, one claim
 * at a time, says how many more may be claimed, and calls `after` (reload the lists) whatever the answer.
 */
export function useReceiveCoupon(after: () => void) {
  const [receiving, setReceiving] = useState(0)
  const receive = async (c: CentreCoupon) => {
    if (!requireLogin() || receiving) return
    setReceiving(c.couponId)
    try {
      const r = await receiveCoupon(c.couponId, { catch: true })
      toast(r.left > 0 ? `领取成功，还可再领${r.left}张` : '领取成功', 'success')
    } catch {
      // the refusal was toasted
    } finally {
      setReceiving(0)
      after()
    }
  }
  return { receiving, receive }
}
