import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type {
  DocumentInput,
  FailureCounts,
  FailuresReply,
  FreightTemplate,
  FreightTemplateInput,
  MessageSettings,
  MessageTemplateInput,
  SettingsDocument,
  SetupCheckReply,
  ShopProfile,
  ShopProfileInput,
  SmsSettingsInput,
  SmsSettingsView,
  SmsTestReply,
  WechatSettingsInput,
  WechatSettingsView,
} from '@contract/adminSettings'
import { del, get, post, put } from '../core/request'

/** 设置 (types/adminSettings.ts) and 工作台 → 待处理异常 (the settings module's routes). */
export const shopProfile = () => get<ShopProfile>('/settings/shop')
export const saveShopProfile = (body: ShopProfileInput) => put<ShopProfile>('/settings/shop', body)
export const settingsDocument = (key: string) => get<SettingsDocument>(`/settings/documents/${key}`)
export const saveDocument = (key: string, body: DocumentInput) => put<SettingsDocument>(`/settings/documents/${key}`, body)

export const freightTemplates = () => get<FreightTemplate[]>('/settings/freight')
export const createFreightTemplate = (body: FreightTemplateInput) => post<IdReply>('/settings/freight', body)
export const updateFreightTemplate = (id: number, body: FreightTemplateInput) => put<IdReply>(`/settings/freight/${id}`, body)
export const deleteFreightTemplate = (id: number) => del<OkReply>(`/settings/freight/${id}`)
export const wechatSettings = () => get<WechatSettingsView>('/settings/wechat')
export const saveWechatSettings = (body: WechatSettingsInput) => put<WechatSettingsView>('/settings/wechat', body)

export const messageSettings = () => get<MessageSettings>('/settings/messages')
export const saveMessageTemplate = (kind: 'subscribe' | 'official', event: string, body: MessageTemplateInput) => put<MessageSettings>(`/settings/messages/${kind}/${event}`, body)
export const setReviewMode = (on: boolean) => put<MessageSettings>('/settings/review-mode', { on })

export const smsSettings = () => get<SmsSettingsView>('/settings/sms')
export const saveSmsSettings = (body: SmsSettingsInput) => put<SmsSettingsView>('/settings/sms', body)
export const sendTestSms = (phone: string) => post<SmsTestReply>('/settings/sms/test', { phone })
export const setupCheck = () => get<SetupCheckReply>('/settings/doctor')

export const failures = () => get<FailuresReply>('/settings/failures')
export const retryTracking = (orderNo: string) => post<OkReply>('/settings/failures/tracking/retry', { orderNo })
export const failureCounts = () => get<FailureCounts>('/settings/failure-counts')
export const retryLatePayment = (payNo: string) => post<OkReply>('/settings/failures/late-payments/retry', { payNo })
export const retryShipping = (orderNo: string) => post<OkReply>('/settings/failures/shipping/retry', { orderNo })
export const retryMessage = (id: number) => post<OkReply>('/settings/failures/messages/retry', { id })
