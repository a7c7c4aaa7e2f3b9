import { Id, Obj, Opt, Str, type Static } from './schema'

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

/** POST /api/businessCard/save (new when id is absent). phone: mainland mobile or landline; avatar: /uploads or /media. */
export const BusinessCardSaveRequest = Obj({
  id: Opt(Id()),
  name: Str(40),
  title: Opt(Str(40)),
  company: Opt(Str(80)),
  phone: Opt(Str(30)),
  wechat: Opt(Str(40)),
  email: Opt(Str(80)),
  address: Opt(Str(200)),
  avatar: Opt(Str(256)),
  intro: Opt(Str(600)),
})
export type BusinessCardSaveRequest = Static<typeof BusinessCardSaveRequest>
