import type { ActivityStatus } from '@contract/content'

export const STATUS_TEXT: Record<ActivityStatus, string> = { upcoming: '未开始', ongoing: '进行中', ended: '已结束' }
