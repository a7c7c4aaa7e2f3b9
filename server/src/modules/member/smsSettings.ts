export const SMS_PROVIDERS = ['log', 'tencent', 'aliyun'] as const
export type SmsProviderName = (typeof SMS_PROVIDERS)[number]

/**
 * The SMS gateway of the shop (config.sms; console 设置 → 短信, the environment's SMS_* variables win):
 * `secretId` / `secretKey` are Tencent Cloud's SecretId / SecretKey or Aliyun's AccessKey ID / Secret;
 * `sdkAppId` is Tencent's SmsSdkAppId (Aliyun has none); `templateId` the approved login-code template
 * (Tencent's numeric id, Aliyun's SMS_xxxx code) with one parameter, the code.
 */
export interface SmsSettings {
  provider: SmsProviderName
  secretId: string
  secretKey: string
  sdkAppId: string
  signName: string
  templateId: string
  /** Tencent's region (ap-guangzhou; ap-beijing and ap-nanjing also serve SMS). */
  region: string
  /** Another API host (host[:port]), for a private endpoint or the tests' recorded fakes; '' = the vendor's. */
  endpoint: string
}
