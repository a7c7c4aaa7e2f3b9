import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { VIDEO_COMMENT_MAX, VIDEO_GOODS_MAX, VIDEO_TITLE_MAX } from '../../../../types/video'
import * as video from './service'

/** Short videos: the feed, search, creators, likes, comments (danmu), follows, and members' own videos. */
export default async function videoRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx
  const viewer = (req: any): number | null => req.member?.id ?? null
  const idQuery = { querystring: S.obj({ id: S.id() }, ['id']) }
  const idBody = { body: S.obj({ id: S.id() }, ['id']) }

  app.get('/api/video/list', { config: { auth: 'optional' }, schema: {
      description: '`Page<VideoItem>` newest first: `{id, title, url, cover, duration (s), likes, comments, shares, views, liked, followed, author {id, nickname, avatar}, goods [{id, name, mainImage, price}] (on-shelf only), createdAt}`',
      querystring: S.paging() }, handler: async (req) => video.list(db, req.query as any, viewer(req)) })

  app.get('/api/video/search', {
    config: { auth: 'optional' },
    schema: {
      description: '`Page<VideoItem>`. Request: `keyword` (1-30, title or author nickname; `%` `_` literal), `page`, `pageSize`.',
      querystring: S.paging({ keyword: S.str(30, 1) }, ['keyword']) },
    handler: async (req) => video.search(db, req.query as any, viewer(req)),
  })

  app.get('/api/video/detail', { config: { auth: 'optional' }, schema: { description: '`VideoItem`; unknown or deleted 404', ...idQuery }, handler: async (req) => video.detail(db, (req.query as any).id, viewer(req)) })

  app.get('/api/video/userMaterial', {
    config: { auth: 'optional' },
    schema: {
      description: '`{member, videoCount, likeCount (received), followerCount, followingCount, followed, isSelf}`',
      querystring: S.obj({ memberId: S.id() }, ['memberId']) },
    handler: async (req) => video.userMaterial(db, (req.query as any).memberId, viewer(req)),
  })

  app.get('/api/video/userVideos', {
    config: { auth: 'optional' },
    schema: {
      description: '`Page<VideoItem>` of that creator',
      querystring: S.paging({ memberId: S.id() }, ['memberId']) },
    handler: async (req) => {
      const q = req.query as any
      return video.userVideos(db, q.memberId, q, viewer(req))
    },
  })

  app.get('/api/video/myList', {
    schema: {
      description: '`Page<VideoItem>` of the caller',
      querystring: S.paging() },
    handler: async (req) => {
      const me = memberId(req)
      return video.userVideos(db, me, req.query as any, me)
    },
  })

  app.post('/api/video/release', {
    schema: {
      description: '`VideoItem`; code 1010 `视频时长不能超过60秒` when the reported duration or the MP4 header says > 60 s, `视频不能超过NMB` when the file is larger than `UPLOAD_MAX_VIDEO_BYTES`; 20 releases a day. Request: `{title (1-60), url (the caller\'s own video upload), cover? (the caller\'s own image upload), duration (s, as read by the client), goodsIds? (≤ 3, on shelf)}`.',
     
      body: S.obj(
        { title: S.str(VIDEO_TITLE_MAX * 2, 1), url: S.str(256, 1), cover: S.str(256), duration: { type: 'number', minimum: 0, maximum: 100000 }, goodsIds: S.arr(S.id(), VIDEO_GOODS_MAX * 2) },
        ['title', 'url', 'duration'],
      ),
    },
    handler: async (req) => video.release(db, config, memberId(req), req.body as any),
  })

  app.post('/api/video/delete', { schema: { description: '`{deleted: true}`; also removes its likes and comments; another member\'s video 404', ...idBody }, handler: async (req) => video.remove(db, memberId(req), (req.body as any).id) })

  app.post('/api/video/like', {
    schema: {
      description: '`{liked, likes}`; one like per member (a repeated like changes nothing)',
      body: S.obj({ id: S.id(), like: S.bool() }, ['id', 'like']) },
    handler: async (req) => {
      const b = req.body as any
      return video.like(db, memberId(req), b.id, b.like)
    },
  })

  app.get('/api/video/commentList', {
    config: { auth: 'none' },
    schema: {
      description: '`Page<VideoComment>` `{id, videoId, content, time (playback second), author, createdAt}` newest first; the client plays them as danmu at `time`',
      querystring: S.paging({ videoId: S.id() }, ['videoId']) },
    handler: async (req) => {
      const q = req.query as any
      return video.commentList(db, q.videoId, q)
    },
  })

  app.post('/api/video/comment', {
    schema: {
      description: '`VideoComment`; 10 a minute (code 1001)',
      body: S.obj({ videoId: S.id(), content: S.str(VIDEO_COMMENT_MAX * 2, 1), time: { type: 'number', minimum: 0, maximum: 100000 } }, ['videoId', 'content']) },
    handler: async (req) => video.comment(db, memberId(req), req.body as any),
  })

  app.post('/api/video/share', { config: { auth: 'optional' }, schema: { description: '`{shares, views}`', ...idBody }, handler: async (req) => video.bump(db, (req.body as any).id, 'shares') })
  app.post('/api/video/view', { config: { auth: 'optional' }, schema: { description: '`{shares, views}`', ...idBody }, handler: async (req) => video.bump(db, (req.body as any).id, 'views') })

  app.post('/api/video/follow', {
    schema: {
      description: '`{followed, followerCount}`; following oneself 400',
      body: S.obj({ memberId: S.id(), follow: S.bool() }, ['memberId', 'follow']) },
    handler: async (req) => {
      const b = req.body as any
      return video.follow(db, memberId(req), b.memberId, b.follow)
    },
  })

  app.get('/api/video/goodsOptions', {
    schema: {
      description: '`VideoGoods[]` (≤ 20 on-shelf goods) for the release page\'s picker when `/api/goods/search` is unavailable',
      querystring: S.obj({ keyword: S.str(30) }) },
    handler: async (req) => video.goodsOptions(db, (req.query as any).keyword),
  })
}
