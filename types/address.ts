/** Shipping addresses (/api/memberAddress/*). */
import { Bool, Id, Obj, Opt, Str, type Static } from './schema'

export interface MemberAddress {
  id: number
  name: string
  phone: string
  province: string
  city: string
  /** Empty for the few cities without districts (e.g. 东莞市, 中山市). */
  district: string
  /** GB/T 2260 code of the district (or of the city when it has none); '' for an address saved before codes were kept. */
  areaCode: string
  detail: string
  /** Optional label: 家 / 公司 / 学校. */
  tag: string
  isDefault: boolean
}

const addressFields = {
  name: Str(20),
  phone: Str(20),
  province: Str(32),
  city: Str(32),
  district: Opt(Str(32)),
  /** The picker's code; checked against the names when given. */
  areaCode: Opt(Str(12)),
  detail: Str(100),
  tag: Opt(Str(8)),
  isDefault: Opt(Bool()),
}

/** POST /api/memberAddress/add (the phone rule and non-empty fields are checked by the service, with their own messages). */
export const AddressInput = Obj(addressFields)
export type AddressInput = Static<typeof AddressInput>

/** POST /api/memberAddress/update. */
export const AddressUpdateInput = Obj({ id: Id(), ...addressFields })
export type AddressUpdateInput = Static<typeof AddressUpdateInput>
