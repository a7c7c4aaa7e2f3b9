import type { DashboardReply } from '@contract/admin'
import { get } from '../core/request'

export const dashboard = () => get<DashboardReply>('/dashboard')
