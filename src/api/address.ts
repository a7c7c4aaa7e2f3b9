import type { AddressInput, MemberAddress } from '@contract/address'
import { get, post, type RequestOptions } from '@/core/request'

export const getAddressList = (opts?: RequestOptions) => get<MemberAddress[]>('/api/memberAddress/list', undefined, opts)

export const getAddressDetail = (id: number, opts?: RequestOptions) => get<MemberAddress>('/api/memberAddress/detail', { id }, opts)

export const addAddress = (a: AddressInput, opts?: RequestOptions) => post<MemberAddress>('/api/memberAddress/add', a, opts)

export const updateAddress = (id: number, a: AddressInput, opts?: RequestOptions) => post<MemberAddress>('/api/memberAddress/update', { id, ...a }, opts)

export const deleteAddress = (id: number, opts?: RequestOptions) => post<{ deleted: boolean }>('/api/memberAddress/delete', { id }, opts)

export const setDefaultAddress = (id: number, opts?: RequestOptions) => post<MemberAddress>('/api/memberAddress/setDefault', { id }, opts)
