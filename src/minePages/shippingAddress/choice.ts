import type { MemberAddress } from '@contract/address'
import type { ShippingAddress } from '@/stores/common'

/** The checkout's chosen address from a saved one (picked from the list, or just added from the picker). */
export const toShippingAddress = (a: MemberAddress): ShippingAddress => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district,
  detail: a.detail,
  isDefault: a.isDefault,
})
