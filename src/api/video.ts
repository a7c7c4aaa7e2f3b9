import type { Page } from '@contract/envelope'
import type { GoodsCard } from '@contract/goods'
import type { FollowRequest, UserMaterial, VideoComment, VideoCommentRequest, VideoGoods, VideoItem, VideoPage, VideoReleaseRequest } from '@contract/video'
import { get, post, type RequestOptions } from '@/core/request'

// Lists opt in to catch so a failed page can show a retry instead of hanging.
const LIST: RequestOptions = { catch: true }

export const getVideoList = (page: number, pageSize = 10) => get<VideoPage>('/api/video/list', { page, pageSize }, LIST)
export const searchVideos = (keyword: string, page: number, pageSize = 20) => get<VideoPage>('/api/video/search', { keyword, page, pageSize }, LIST)
export const getVideoDetail = (id: number) => get<VideoItem>('/api/video/detail', { id }, LIST)
export const getUserMaterial = (memberId: number) => get<UserMaterial>('/api/video/userMaterial', { memberId }, LIST)
export const getUserVideos = (memberId: number, page: number, pageSize = 18) => get<VideoPage>('/api/video/userVideos', { memberId, page, pageSize }, LIST)
export const getMyVideos = (page: number, pageSize = 18) => get<VideoPage>('/api/video/myList', { page, pageSize }, LIST)
export const releaseVideo = (body: VideoReleaseRequest) => post<VideoItem>('/api/video/release', body, { catch: true })
export const deleteVideo = (id: number) => post<{ deleted: boolean }>('/api/video/delete', { id })
export const likeVideo = (id: number, like: boolean) => post<{ liked: boolean; likes: number }>('/api/video/like', { id, like }, { catch: true })
export const getVideoComments = (videoId: number, page: number, pageSize = 50) => get<Page<VideoComment>>('/api/video/commentList', { videoId, page, pageSize }, { ...LIST, auth: false })
export const commentVideo = (body: VideoCommentRequest) => post<VideoComment>('/api/video/comment', body, { catch: true })
export const shareVideo = (id: number) => post<{ shares: number }>('/api/video/share', { id }, { toast: false, catch: true })
export const viewVideo = (id: number) => post<{ views: number }>('/api/video/view', { id }, { toast: false, catch: true })
export const followMember = (body: FollowRequest) => post<{ followed: boolean; followerCount: number }>('/api/video/follow', body, { catch: true })

/**
 * Goods for the release page's picker: the catalogue's GET /api/goods/search first; when that route is
 * missing or fails, the video module's own on-shelf lookup.
 */
export async function findGoodsForVideo(keyword: string): Promise<VideoGoods[]> {
  try {
    const page = await get<Page<GoodsCard>>('/api/goods/search', { keyword: keyword || undefined, page: 1, pageSize: 20 }, { catch: true, toast: false })
    if (page && Array.isArray(page.list)) return page.list.filter((g) => g.status !== 'off').map((g) => ({ id: g.id, name: g.name, mainImage: g.mainImage, price: g.price }))
  } catch {
    // fall through to the video module's lookup
  }
  return get<VideoGoods[]>('/api/video/goodsOptions', { keyword: keyword || undefined }, { catch: true })
}
