import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { AppError, ErrorCode } from '../../errors'
import { memberId } from '../../plugins/auth'
import { hit } from '../../services/rateLimit'
import { sniff } from './sniff'

export const UPLOADS_PER_10_MIN = 60

/** POST /api/upload: one multipart file, images and videos only (checked by content), size-limited. */
export default async function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx

  app.post('/api/upload', {
    handler: async (req) => {
      const uid = memberId(req)
      if (!req.isMultipart()) throw new AppError(ErrorCode.UPLOAD_REFUSED, '请选择要上传的文件')
      await hit(db, `upload:${uid}`, UPLOADS_PER_10_MIN, 10 * 60_000, '上传过于频繁，请稍后再试')
      const file = await req.file({ limits: { fileSize: Math.max(config.uploadMaxImageBytes, config.uploadMaxVideoBytes), files: 1 } })
      if (!file) throw new AppError(ErrorCode.UPLOAD_REFUSED, '请选择要上传的文件')
      const buf = await file.toBuffer().catch((e) => {
        if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.UPLOAD_REFUSED, '文件过大')
        throw e
      })
      return saveUpload(ctx, buf, uid)
    },
  })
}

/**
 * Stores an uploaded file (the shop's upload and the console's): checked by content (images and videos only,
 * or images only with imagesOnly), size-limited, written under DATA_DIR/uploads/<yyyymm>/ and recorded.
 */
export async function saveUpload(ctx: Pick<AppContext, 'db' | 'config'>, buf: Buffer, memberId: number | null, imagesOnly = false) {
  const { db, config } = ctx
  const type = sniff(buf.subarray(0, 32))
  if (!type || (imagesOnly && type.kind !== 'image')) throw new AppError(ErrorCode.UPLOAD_REFUSED, imagesOnly ? '仅支持上传图片' : '仅支持上传图片或视频')
  const max = type.kind === 'image' ? config.uploadMaxImageBytes : config.uploadMaxVideoBytes
  if (buf.length > max) throw new AppError(ErrorCode.UPLOAD_REFUSED, type.kind === 'image' ? `图片不能超过${Math.round(max / 1048576)}MB` : `视频不能超过${Math.round(max / 1048576)}MB`)
  if (buf.length === 0) throw new AppError(ErrorCode.UPLOAD_REFUSED, '文件为空')
  const root = path.join(config.dataDir, 'uploads')
  const month = new Date().toISOString().slice(0, 7).replace('-', '')
  const name = `${crypto.randomBytes(12).toString('hex')}.${type.ext}`
  fs.mkdirSync(path.join(root, month), { recursive: true })
  fs.writeFileSync(path.join(root, month, name), buf)
  const url = `/uploads/${month}/${name}`
  const row = await db.insertInto('uploads').values({ memberId, kind: type.kind, mime: type.mime, size: buf.length, path: url, createdAt: Date.now() }).returning('id').executeTakeFirstOrThrow()
  return { id: row.id, url, kind: type.kind, mime: type.mime, size: buf.length }
}
