import type { GoodsGroupBuy, GroupDetail, GroupPreview, GroupPreviewRequest, GroupSubmitRequest, GroupSubmitResponse, MyGroup } from '@contract/groupBuy'
import { get, post, type RequestOptions } from '@/core/request'

/** The goods' live 拼团 activity (null when none) and its open groups; public. */
export const getGoodsGroupBuy = (goodsId: number, opts?: RequestOptions) => get<GoodsGroupBuy>('/api/groupBuy/goods', { goodsId }, { auth: false, ...opts })

/** One group; public (a shared link opens it logged out), `myOrderNo` when the caller is in it. */
export const getGroup = (groupId: number, opts?: RequestOptions) => get<GroupDetail>('/api/groupBuy/group', { groupId }, opts)

/** 我的拼团 */
export const getMyGroups = (opts?: RequestOptions) => get<MyGroup[]>('/api/groupBuy/mine', undefined, opts)

/** Starts a group (no groupId) or joins one; one order per requestId. Pay with /api/pay/prepay. */
export const submitGroup = (req: GroupSubmitRequest, opts?: RequestOptions) => post<GroupSubmitResponse>('/api/groupBuy/submit', req, opts)

/** The group checkout's amounts (nothing written): the leader's price without groupId, the balance when asked. */
export const previewGroup = (req: GroupPreviewRequest, opts?: RequestOptions) => post<GroupPreview>('/api/groupBuy/preview', req, opts)
