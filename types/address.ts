/** Shipping addresses (/api/memberAddress/*). */

export interface MemberAddress {
  id: number
  name: string
  phone: string
  province: string
  city: string
  /** Empty for the few cities without districts (e.g. 东莞市, 中山市). */
  district: string
  detail: string
  /** Optional label: 家 / 公司 / 学校. */
  tag: string
  isDefault: boolean
}

export interface AddressInput {
  name: string
  phone: string
  province: string
  city: string
  district?: string
  detail: string
  tag?: string
  isDefault?: boolean
}

export interface AddressUpdateInput extends AddressInput {
  id: number
}
