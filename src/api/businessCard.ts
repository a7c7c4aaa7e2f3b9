import type { BusinessCard, BusinessCardPublic, BusinessCardSaveRequest } from '@contract/businessCard'
import { get, post } from '@/core/request'

export const getMyCards = () => get<BusinessCard[]>('/api/businessCard/list', undefined, { catch: true })
export const getCard = (id: number) => get<BusinessCard>('/api/businessCard/detail', { id }, { catch: true })
/** The shared card: anyone with the id may read it. */
export const previewCard = (id: number) => get<BusinessCardPublic>('/api/businessCard/preview', { id }, { catch: true })
export const saveCard = (body: BusinessCardSaveRequest) => post<BusinessCard>('/api/businessCard/save', body, { catch: true })
export const deleteCard = (id: number) => post<{ deleted: boolean }>('/api/businessCard/delete', { id })
