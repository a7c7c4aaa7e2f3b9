export interface MemberInfo {
  id: number
  phone: string
  nickname: string
  avatar: string
  gender: number
  businessId: number | null
  shopName: string
  isAgent: boolean
  agentStatus: 'none' | 'pending' | 'approved' | 'rejected'
  points: number
  cashbackBalance: number
  boundBusinessId: number | null
  logoffAt: number | null
  createdAt: number
}

export interface PhoneRegisterRequest {
  phone: string
  verificationCode: string
  shareMemberId?: string | number | null
  shareBusinessId?: string | number | null
  /** miniLogin's loginKey (needPhone): phoneRegister binds that WeChat openid to the member. */
  loginKey?: string
}

export interface PhoneRegisterResponse {
  token: string
  isNew: boolean
}

export interface WxConfigResponse {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}
