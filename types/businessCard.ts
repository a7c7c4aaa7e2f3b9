export const CARD_MAX_PER_MEMBER = 10

export interface BusinessCard {
  id: number
  name: string
  title: string
  company: string
  phone: string
  wechat: string
  email: string
  address: string
  avatar: string
  intro: string
  views: number
  createdAt: number
  updatedAt: number
}

/** What anyone with the link sees (the owner chose to share it): no owner ids beyond the member id for share links. */
export interface BusinessCardPublic extends Omit<BusinessCard, 'createdAt'> {
  memberId: number
  isOwner: boolean
}

export interface BusinessCardSaveRequest {
  id?: number
  name: string
  title?: string
  company?: string
  phone?: string
  wechat?: string
  email?: string
  address?: string
  avatar?: string
  intro?: string
}
