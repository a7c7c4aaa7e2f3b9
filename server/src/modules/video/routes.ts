import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { paged } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { IdOnly, PagingQuery } from '../../../../types/schema'
import {
  FollowRequest,
  UserVideosQuery,
  VideoCommentListQuery,
  VideoCommentRequest,
  VideoGoodsOptionsQuery,
  VideoLikeRequest,
  VideoMemberQuery,
  VideoReleaseRequest,
  VideoSearchQuery,
} from '../../../../types/video'
import * as video from './service'

/** Short videos: the feed, search, creators, likes, comments (danmu), follows, and members' own videos. */
export default async function videoRoutes(app: ShopApp, ctx: AppContext) {
  const { db, config } = ctx
  const viewer = (req: FastifyRequest): number | null => req.member?.id ?? null

  app.get('/api/video/list', {
    config: { auth: 'optional' },
    schema: {
      description:
        '`Page<VideoItem>` newest first: `{id, title, url, cover, duration (s), likes, comments, shares, views, liked, followed, author {id, nickname, avatar}, goods [{id, name, mainImage, price}] (on-shelf only), createdAt}`',
      querystring: PagingQuery,
    },
    handler: async (req) => video.list(db, paged(req.query), viewer(req)),
  })

  app.get('/api/video/search', {
    config: { auth: 'optional' },
    schema: {
      description: '`Page<VideoItem>`. Request: `keyword` (1-30, title or author nickname; `%` `_` literal), `page`, `pageSize`.',
      querystring: VideoSearchQuery,
    },
    handler: async (req) => video.search(db, paged(req.query), viewer(req)),
  })

  app.get('/api/video/detail', {
    config: { auth: 'optional' },
    schema: { description: '`VideoItem`; unknown or deleted 404', querystring: IdOnly },
    handler: async (req) => video.detail(db, req.query.id, viewer(req)),
  })

  app.get('/api/video/userMaterial', {
    config: { auth: 'optional' },
    schema: {
      description: '`{member, videoCount, likeCount (received), followerCount, followingCount, followed, isSelf}`',
      querystring: VideoMemberQuery,
    },
    handler: async (req) => video.userMaterial(db, req.query.memberId, viewer(req)),
  })

  app.get('/api/video/userVideos', {
    config: { auth: 'optional' },
    schema: {
      description: "`Page<VideoItem>` of that creator (`status` 'on'); to the creator, also their own videos waiting for review ('pending') and taken down ('off', with `reviewReason`)",
      querystring: UserVideosQuery,
    },
    handler: async (req) => video.userVideos(db, req.query.memberId, paged(req.query), viewer(req)),
  })

  app.get('/api/video/myList', {
    schema: {
      description: "`Page<VideoItem>` of the caller, those waiting for review ('pending', shown as 审核中) and taken down ('off') included",
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const me = memberId(req)
      return video.userVideos(db, me, paged(req.query), me)
    },
  })

  app.post('/api/video/release', {
    schema: {
      description:
        "`VideoItem`; code 1010 `视频时长不能超过60秒` when the reported duration or the MP4 header says > 60 s, `视频不能超过NMB` when the file is larger than `UPLOAD_MAX_VIDEO_BYTES`; 20 releases a day. Request: `{title (1-60), url (the caller's own video upload), cover? (the caller's own image upload), duration (s, as read by the client), goodsIds? (≤ 3, on shelf)}`.",

      body: VideoReleaseRequest,
    },
    handler: async (req) => video.release(db, config, memberId(req), req.body),
  })

  app.post('/api/video/delete', {
    schema: { description: "`{deleted: true}`; also removes its likes and comments; another member's video 404", body: IdOnly },
    handler: async (req) => video.remove(db, memberId(req), req.body.id),
  })

  app.post('/api/video/like', {
    schema: {
      description: '`{liked, likes}`; one like per member (a repeated like changes nothing)',
      body: VideoLikeRequest,
    },
    handler: async (req) => {
      const b = req.body
      return video.like(db, memberId(req), b.id, b.like)
    },
  })

  app.get('/api/video/commentList', {
    config: { auth: 'none' },
    schema: {
      description: '`Page<VideoComment>` `{id, videoId, content, time (playback second), author, createdAt}` newest first; the client plays them as danmu at `time`',
      querystring: VideoCommentListQuery,
    },
    handler: async (req) => video.commentList(db, req.query.videoId, paged(req.query)),
  })

  app.post('/api/video/comment', {
    schema: {
      description: '`VideoComment`; 10 a minute (code 1001)',
      body: VideoCommentRequest,
    },
    handler: async (req) => video.comment(db, memberId(req), req.body),
  })

  app.post('/api/video/share', { config: { auth: 'optional' }, schema: { description: '`{shares, views}`', body: IdOnly }, handler: async (req) => video.bump(db, req.body.id, 'shares') })
  app.post('/api/video/view', { config: { auth: 'optional' }, schema: { description: '`{shares, views}`', body: IdOnly }, handler: async (req) => video.bump(db, req.body.id, 'views') })

  app.post('/api/video/follow', {
    schema: {
      description: '`{followed, followerCount}`; following oneself 400',
      body: FollowRequest,
    },
    handler: async (req) => {
      const b = req.body
      return video.follow(db, memberId(req), b.memberId, b.follow)
    },
  })

  app.get('/api/video/goodsOptions', {
    schema: {
      description: "`VideoGoods[]` (≤ 20 on-shelf goods) for the release page's picker when `/api/goods/search` is unavailable",
      querystring: VideoGoodsOptionsQuery,
    },
    handler: async (req) => video.goodsOptions(db, req.query.keyword),
  })
}
