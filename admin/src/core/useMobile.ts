import { Grid } from 'antd'

/** Narrower than antd's md breakpoint (768 px): lists draw as cards, drawers take the full width. */
export function useMobile(): boolean {
  const screens = Grid.useBreakpoint()
  return screens.md === false
}
