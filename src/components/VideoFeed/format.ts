/** mm:ss of a position in seconds (the feed's times and the moment a comment was written at). */
export const clock = (s: number) => {
  const t = Math.max(0, Math.floor(s || 0))
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`
}
/** A count as short-video apps show it: 12345 → 1.2万. */
export const count = (n: number) => (n >= 10000 ? `${(n / 10000).toFixed(1)}万` : String(n))
/** On H5 the popups go to <body> so the tab bar (a later sibling of the page) cannot cover them. */
export const popupPortal = process.env.TARO_ENV === 'h5' ? () => document.body : undefined
