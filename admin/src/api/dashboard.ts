import type { DashboardReply } from '@contract/adminDashboard'
import { get } from '../core/request'

export const dashboard = () => get<DashboardReply>('/dashboard')
