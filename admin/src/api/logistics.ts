import type { TrackingSettingsInput, TrackingSettingsView } from '@contract/adminTracking'
import { get, put } from '../core/request'

export const trackingSettings = () => get<TrackingSettingsView>('/logistics/settings')
export const saveTrackingSettings = (body: TrackingSettingsInput) => put<TrackingSettingsView>('/logistics/settings', body)
