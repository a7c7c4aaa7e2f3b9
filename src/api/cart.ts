import type { CartAddResponse, CartChangeSkuResponse, CartCount, CartList } from '@contract/cart'
import { get, post, type RequestOptions } from '@/core/request'

export const addToCart = (skuId: number, quantity: number, opts?: RequestOptions) => post<CartAddResponse>('/api/cart/add', { skuId, quantity }, opts)

export const getCartList = (opts?: RequestOptions) => get<CartList>('/api/cart/list', undefined, opts)

export const getCartCount = (opts?: RequestOptions) => get<CartCount>('/api/cart/count', undefined, opts)

/** Quantity bounded by stock on the server (code 2001 above it). */
export const updateCartQuantity = (id: number, quantity: number, opts?: RequestOptions) => post<{ id: number; quantity: number }>('/api/cart/update', { id, quantity }, opts)

export const selectCartLines = (ids: number[], selected: boolean, opts?: RequestOptions) => post<{ updated: number }>('/api/cart/select', { ids, selected }, opts)

export const selectAllCart = (selected: boolean, opts?: RequestOptions) => post<{ updated: number }>('/api/cart/selectAll', { selected }, opts)

export const deleteCartLines = (ids: number[], opts?: RequestOptions) => post<{ deleted: number }>('/api/cart/delete', { ids }, opts)

/** Moves a line to another SKU of the same goods (merged into that SKU's line when there is one; quantity capped by stock). */
export const changeCartSku = (id: number, skuId: number, opts?: RequestOptions) => post<CartChangeSkuResponse>('/api/cart/changeSku', { id, skuId }, opts)
