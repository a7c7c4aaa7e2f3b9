import { useEffect, useRef, useState } from 'react'
import { useUnload } from '@tarojs/taro'

/** A seconds countdown (获取验证码's 60秒后重新获取): start(n) counts down to 0; stopped when the page unloads. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const stop = () => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }
  useUnload(stop)
  useEffect(() => stop, [])
  const start = (seconds: number) => {
    stop()
    setLeft(seconds)
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) {
          stop()
          return 0
        }
        return s - 1
      })
    }, 1000)
  }
  return [left, start]
}
