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

  app.get('/api/video/list', { config: { auth: 'optional' }, schema: { querystring: S.paging() }, handler: async (req) => video.list(db, req.query as any, viewer(req)) })

  app.get('/api/video/search', {
    config: { auth: 'optional' },
    schema: { querystring: S.paging({ keyword: S.str(30, 1) }, ['keyword']) },
    handler: async (req) => video.search(db, req.query as any, viewer(req)),
  })

  app.get('/api/video/detail', { config: { auth: 'optional' }, schema: idQuery, handler: async (req) => video.detail(db, (req.query as any).id, viewer(req)) })

  app.get('/api/video/userMaterial', {
    config: { auth: 'optional' },
    schema: { querystring: S.obj({ memberId: S.id() }, ['memberId']) },
    handler: async (req) => video.userMaterial(db, (req.query as any).memberId, viewer(req)),
  })

  app.get('/api/video/userVideos', {
    config: { auth: 'optional' },
    schema: { querystring: S.paging({ memberId: S.id() }, ['memberId']) },
    handler: async (req) => {
      const q = req.query as any
      return video.userVideos(db, q.memberId, q, viewer(req))
    },
  })

  app.get('/api/video/myList', {
    schema: { querystring: S.paging() },
    handler: async (req) => {
      const me = memberId(req)
      return video.userVideos(db, me, req.query as any, me)
    },
  })

  app.post('/api/video/release', {
    schema: {
      body: S.obj(
        { title: S.str(VIDEO_TITLE_MAX * 2, 1), url: S.str(256, 1), cover: S.str(256), duration: { type: 'number', minimum: 0, maximum: 100000 }, goodsIds: S.arr(S.id(), VIDEO_GOODS_MAX * 2) },
        ['title', 'url', 'duration'],
      ),
    },
    handler: async (req) => video.release(db, config, memberId(req), req.body as any),
  })

  app.post('/api/video/delete', { schema: idBody, handler: async (req) => video.remove(db, memberId(req), (req.body as any).id) })

  app.post('/api/video/like', {
    schema: { body: S.obj({ id: S.id(), like: S.bool() }, ['id', 'like']) },
    handler: async (req) => {
      const b = req.body as any
      return video.like(db, memberId(req), b.id, b.like)
    },
  })

  app.get('/api/video/commentList', {
    config: { auth: 'none' },
    schema: { querystring: S.paging({ videoId: S.id() }, ['videoId']) },
    handler: async (req) => {
      const q = req.query as any
      return video.commentList(db, q.videoId, q)
    },
  })

  app.post('/api/video/comment', {
    schema: { body: S.obj({ videoId: S.id(), content: S.str(VIDEO_COMMENT_MAX * 2, 1), time: { type: 'number', minimum: 0, maximum: 100000 } }, ['videoId', 'content']) },
    handler: async (req) => video.comment(db, memberId(req), req.body as any),
  })

  app.post('/api/video/share', { config: { auth: 'optional' }, schema: idBody, handler: async (req) => video.bump(db, (req.body as any).id, 'shares') })
  app.post('/api/video/view', { config: { auth: 'optional' }, schema: idBody, handler: async (req) => video.bump(db, (req.body as any).id, 'views') })

  app.post('/api/video/follow', {
    schema: { body: S.obj({ memberId: S.id(), follow: S.bool() }, ['memberId', 'follow']) },
    handler: async (req) => {
      const b = req.body as any
      return video.follow(db, memberId(req), b.memberId, b.follow)
    },
  })

  app.get('/api/video/goodsOptions', {
    schema: { querystring: S.obj({ keyword: S.str(30) }) },
    handler: async (req) => video.goodsOptions(db, (req.query as any).keyword),
  })
}
