import type { GoodsDetail } from '@contract/goods'

export interface ShareSheetProps {
  visible: boolean
  onClose: () => void
  goods: GoodsDetail
  title: string
  path: string
}

/**
 * The mini-program has no share sheet of ours: WeChat's ··· menu shares the page (useShare). The H5 sheet
 * (poster, copy link) is ShareSheet.h5.tsx, which Taro picks for the H5 build.
 */
export default function ShareSheet(_props: ShareSheetProps) {
  return null
}
