import type { Page } from './envelope'
import { Arr, Bool, Id, Obj, Opt, Paging, Str, Type, type Static } from './schema'

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
  /** Shown to everyone ('on'); the author's own list also has 'pending' (waiting for the shop's review, 审核中) and 'off' (taken down). */
  status: 'pending' | 'on' | 'off'
  /** Why the shop took it down ('off'), '' otherwise. */
  reviewReason: string
  createdAt: number
}

export type VideoPage = Page<VideoItem>

export const VideoListQuery = Paging()
export type VideoListQuery = Static<typeof VideoListQuery>
/** GET /api/video/search: title or author nickname. */
export const VideoSearchQuery = Paging({ keyword: Str(30, 1) })
export type VideoSearchQuery = Static<typeof VideoSearchQuery>
/** GET /api/video/userMaterial. */
export const VideoMemberQuery = Obj({ memberId: Id() })
export type VideoMemberQuery = Static<typeof VideoMemberQuery>
/** GET /api/video/userVideos. */
export const UserVideosQuery = Paging({ memberId: Id() })
export type UserVideosQuery = Static<typeof UserVideosQuery>
/** GET /api/video/commentList. */
export const VideoCommentListQuery = Paging({ videoId: Id() })
export type VideoCommentListQuery = Static<typeof VideoCommentListQuery>
/** GET /api/video/goodsOptions: goods to link to a video. */
export const VideoGoodsOptionsQuery = Obj({ keyword: Opt(Str(30)) })
export type VideoGoodsOptionsQuery = Static<typeof VideoGoodsOptionsQuery>
/** Seconds of a video (duration, a comment's playback time). */
const Seconds = () => Type.Number({ minimum: 0, maximum: 100000 })

export interface VideoComment {
  id: number
  videoId: number
  content: string
  /** Playback second the comment was sent at: danmu show it at that point of the video. */
  time: number
  author: VideoAuthor
  createdAt: number
}

/** POST /api/video/comment. Lengths in characters are checked by the service (VIDEO_COMMENT_MAX); the schema bounds the size. */
export const VideoCommentRequest = Obj({ videoId: Id(), content: Str(VIDEO_COMMENT_MAX * 2, 1), time: Opt(Seconds()) })
export type VideoCommentRequest = Static<typeof VideoCommentRequest>

/**
 * POST /api/video/release. url: from /api/upload for the video file; cover: from /api/upload for the cover image (empty: a
 * default cover); duration: seconds as read by the client (at most 60; the server also reads the MP4 header when it can).
 */
export const VideoReleaseRequest = Obj({
  title: Str(VIDEO_TITLE_MAX * 2, 1),
  url: Str(256, 1),
  cover: Opt(Str(256)),
  duration: Seconds(),
  goodsIds: Opt(Arr(Id(), VIDEO_GOODS_MAX * 2)),
})
export type VideoReleaseRequest = Static<typeof VideoReleaseRequest>

/** POST /api/video/like. */
export const VideoLikeRequest = Obj({ id: Id(), like: Bool() })
export type VideoLikeRequest = Static<typeof VideoLikeRequest>

/** POST /api/video/follow. */
export const FollowRequest = Obj({ memberId: Id(), follow: Bool() })
export type FollowRequest = Static<typeof FollowRequest>

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
