import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { AppError, ErrorCode } from '../../errors'
import { memberId } from '../../plugins/auth'
import { UPLOAD_PREFIX } from '../../services/storage'
import { storeUpload } from './service'

export { UPLOADS_PER_10_MIN } from './service'

/** POST /api/upload: one multipart file, images and videos only (checked by content), size-limited (service.ts). */
export default async function uploadRoutes(app: ShopApp, ctx: AppContext) {
  const { config } = ctx

  app.post('/api/upload', {
    schema: { description: '`{id, url, kind, mime, size}`; images ≤ 5 MB, videos ≤ 50 MB, type checked by content, 60 per 10 min. Request: multipart `file`.' },
    handler: async (req) => {
      const uid = memberId(req)
      if (!req.isMultipart()) throw new AppError(ErrorCode.UPLOAD_REFUSED, '请选择要上传的文件')
      return storeUpload(ctx, uid, async () => {
        const file = await req.file({ limits: { fileSize: Math.max(config.uploadMaxImageBytes, config.uploadMaxVideoBytes), files: 1 } })
        if (!file) return null
        return file.toBuffer().catch((e) => {
          if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.UPLOAD_REFUSED, '文件过大')
          throw e
        })
      })
    },
  })
}

/**
 * GET /uploads/<key>: the stored files (outside /h5). Local disk: served from DATA_DIR/uploads (immutable: every
 * name is new). S3: a redirect to the bucket's public URL or to a signed one (services/storage.ts).
 */
export async function serveUploads(app: FastifyInstance, ctx: AppContext) {
  const url = ctx.storage.urlFor.bind(ctx.storage)
  if (ctx.storage.kind === 'local') {
    const root = path.join(ctx.config.dataDir, 'uploads')
    fs.mkdirSync(root, { recursive: true })
    await app.register(fastifyStatic, { root, prefix: UPLOAD_PREFIX, decorateReply: false, maxAge: '7d', immutable: true })
    return
  }
  const settings = ctx.config.storage
  // A public URL never changes; a signed one does, so a browser keeps its redirect for part of its life only.
  const cache = settings.kind === 's3' && !settings.publicUrl ? `private, max-age=${Math.min(600, Math.floor(settings.urlTtlSeconds / 2))}` : 'public, max-age=86400'
  app.get(`${UPLOAD_PREFIX}*`, async (req, reply) => {
    const key = (req.params as { '*': string })['*']
    const to = UPLOAD_KEY.test(key) && url(key)
    if (!to) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found')
    return reply.header('Cache-Control', cache).redirect(to, 302)
  })
}

const UPLOAD_KEY = /^[\w-]+\/[\w-]+\.[a-z0-9]{2,5}$/
