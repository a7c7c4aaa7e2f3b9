import type { MyLevel } from '@contract/level'
import { get, type RequestOptions } from '@/core/request'

/** The member's growth, level and the next, with every level and its benefits (mine, 我的等级). */
export const getMyLevel = (opts?: RequestOptions) => get<MyLevel>('/api/level/mine', undefined, opts)
