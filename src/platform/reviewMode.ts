import { useEffect, useState } from 'react'
import { getPublicSettings } from '@/api/settings'

/**
 * True while the shop's mini-program is under WeChat's review (a server setting: the console switches it, or
 * `npm run admin -- review-mode on`): pages hide video release, the blind box and share prompts that promise
 * rewards. False until the setting is read, and when it cannot be.
 */
export function useReviewMode(): boolean {
  const [on, setOn] = useState(false)
  useEffect(() => {
    let alive = true
    getPublicSettings()
      .then((s) => alive && setOn(s.reviewMode))
      .catch(() => undefined)
    return () => {
      alive = false
    }
  }, [])
  return on
}
