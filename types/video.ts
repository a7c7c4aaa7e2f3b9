import type { Page } from './envelope'

/** SPEC.md section 5 / 9: video limits and player constants shared by client and server. */
export const VIDEO_MAX_DURATION_S = 60
export const VIDEO_TITLE_MAX = 60
export const VIDEO_GOODS_MAX = 3
export const VIDEO_COMMENT_MAX = 140

/** A goods item linked to a video (tap opens the goods details page). */
export interface VideoGoods {
  id: number
  name: string
  mainImage: string
  price: number
}

export interface VideoAuthor {
  id: number
  nickname: string
  avatar: string
}

export interface VideoItem {
  id: number
  title: string
  url: string
  cover: string
  /** Seconds. */
  duration: number
  likes: number
  comments: number
  shares: number
  views: number
  liked: boolean
  /** The caller follows the author. */
  followed: boolean
  author: VideoAuthor
  goods: VideoGoods[]
  createdAt: number
}

export type VideoPage = Page<VideoItem>

export interface VideoListQuery {
  page?: number
  pageSize?: number
}

export interface VideoSearchQuery extends VideoListQuery {
  keyword: string
}

export interface VideoComment {
  id: number
  videoId: number
  content: string
  /** Playback second the comment was sent at: danmu show it at that point of the video. */
  time: number
  author: VideoAuthor
  createdAt: number
}

export interface VideoCommentRequest {
  videoId: number
  content: string
  time?: number
}

export interface VideoReleaseRequest {
  title: string
  /** URL returned by /api/upload for the video file. */
  url: string
  /** URL returned by /api/upload for the cover image; empty: the first frame is not extracted, a default cover is used. */
  cover?: string
  /** Duration in seconds as read by the client (at most 60); the server also reads it from the MP4 header when it can. */
  duration: number
  goodsIds?: number[]
}

export interface VideoLikeRequest {
  id: number
  like: boolean
}

export interface FollowRequest {
  memberId: number
  follow: boolean
}

export interface UserMaterial {
  member: VideoAuthor
  videoCount: number
  /** Likes received on all the member's videos. */
  likeCount: number
  followerCount: number
  followingCount: number
  followed: boolean
  isSelf: boolean
}
