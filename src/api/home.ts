import type { HomeSelfList } from '@contract/home'
import { get } from '@/core/request'

/** Everything the home page shows: banners, icons, notices, goods sections, categories, hot words. */
export const getHomeSelfList = () => get<HomeSelfList>('/api/home/selfList', undefined, { catch: true })
