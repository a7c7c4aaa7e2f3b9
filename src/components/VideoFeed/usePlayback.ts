import { useCallback, useEffect, useRef, useState } from 'react'
import { CONTROLS_HIDE_MS } from '@/utils/danmu'
import { player } from './player'

/**
 * The playback state of the feed's current video: playing or paused (as the video reports it), the controls shown
 * until CONTROLS_HIDE_MS after the last touch, the playback rate (kept from video to video) and its menu, and the
 * position. `start` is called when another video becomes the current one.
 */
export function usePlayback() {
  const [playing, setPlaying] = useState(false)
  const [controls, setControls] = useState(true)
  const [rate, setRate] = useState(1)
  const [ratesOpen, setRatesOpen] = useState(false)
  const [progress, setProgress] = useState({ time: 0, duration: 0 })
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const showControls = useCallback(() => {
    setControls(true)
    if (hideTimer.current) clearTimeout(hideTimer.current)
    hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS)
  }, [])
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current)
    },
    [],
  )

  /** Another video is the current one: its position from the start, the rate menu closed. */
  const start = useCallback((duration: number) => {
    setProgress({ time: 0, duration })
    setRatesOpen(false)
  }, [])
  const togglePlay = (domId: string) => {
    showControls()
    if (playing) player.pause(domId)
    else player.play(domId)
  }
  const chooseRate = (domId: string, r: number) => {
    setRate(r)
    setRatesOpen(false)
    player.setRate(domId, r)
    showControls()
  }
  return { playing, setPlaying, controls, showControls, rate, ratesOpen, setRatesOpen, progress, setProgress, start, togglePlay, chooseRate }
}

export type Playback = ReturnType<typeof usePlayback>
