/** Interface framework values of SPEC.md section 9 used by the shop's pages. */
export const SWIPER_INTERVAL = 5000
export const SWIPER_DURATION = 500
/** Pull-to-refresh threshold (px). */
export const PULL_REFRESH_THRESHOLD = 45
/** Distance from the bottom that loads the next page (px). */
export const SCROLL_THRESHOLD = 50

/** Chinese texts of the pull-to-refresh states (pulling, can release, refreshing, complete). */
export const PULL_TEXTS = { pullingText: '下拉刷新', canReleaseText: '释放立即刷新', refreshingText: '加载中...', completeText: '刷新成功' }
