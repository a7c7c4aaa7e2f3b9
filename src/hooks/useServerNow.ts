import { useEffect, useRef, useState } from 'react'
import { useDidHide, useDidShow } from '@tarojs/taro'

/**
 * Server time, ticking every second while the page is shown. `serverNow` is the `now` of the last answer;
 * the offset to the phone's clock is kept so a wrong phone clock does not move the countdowns.
 */
export function useServerNow(serverNow: number | null | undefined): number {
  const offset = useRef(0)
  const [now, setNow] = useState(() => Date.now())
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    if (serverNow) {
      offset.current = serverNow - Date.now()
      setNow(Date.now() + offset.current)
    }
  }, [serverNow])
  useDidShow(() => setVisible(true))
  useDidHide(() => setVisible(false))
  useEffect(() => {
    if (!visible) return
    const id = setInterval(() => setNow(Date.now() + offset.current), 1000)
    return () => clearInterval(id)
  }, [visible])
  return now
}
