import crypto from 'node:crypto'
import type { Config } from '../../config'
import type { Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { hit } from '../../services/rateLimit'
import { uploadPath, type Storage } from '../../services/storage'
import { sniff } from './sniff'

export const UPLOADS_PER_10_MIN = 60

export interface UploadDeps {
  db: Db
  config: Config
  storage: Storage
}

export interface StoredUpload {
  id: number
  /** `/uploads/<yyyymm>/<random>.<ext>`: what reviews, videos and the rest refer to (modules/review/images.ts). */
  url: string
  kind: 'image' | 'video'
  mime: string
  size: number
}

/**
 * One member's upload: rate limited (UPLOADS_PER_10_MIN per member), recognised by its content (images and videos
 * only, whatever its name says), within the size limit of its kind, stored under a random name (services/storage.ts)
 * and recorded as the member's. `read` gives the file's bytes (the route's multipart part); it is read only
 * after the rate limit let the upload through. Nothing is stored or recorded when it is refused.
 */
export async function storeUpload(deps: UploadDeps, memberId: number, read: () => Promise<Buffer | null>): Promise<StoredUpload> {
  return store(deps, { memberId, rateKey: `upload:${memberId}`, imagesOnly: false }, read)
}

/** A picture uploaded by staff in the console (goods, categories, storefront): the same checks, images only, owned by no member. */
export async function storeStaffPicture(deps: UploadDeps, staffId: number, read: () => Promise<Buffer | null>): Promise<StoredUpload> {
  return store(deps, { memberId: null, rateKey: `upload:staff:${staffId}`, imagesOnly: true }, read)
}

async function store(deps: UploadDeps, owner: { memberId: number | null; rateKey: string; imagesOnly: boolean }, read: () => Promise<Buffer | null>): Promise<StoredUpload> {
  const { db, config, storage } = deps
  const { memberId } = owner
  await hit(db, owner.rateKey, UPLOADS_PER_10_MIN, 10 * 60_000, '上传过于频繁，请稍后再试')
  const buf = await read()
  if (!buf) throw new AppError(ErrorCode.UPLOAD_REFUSED, owner.imagesOnly ? '请选择要上传的图片' : '请选择要上传的文件')
  const type = sniff(buf.subarray(0, 32))
  if (!type || (owner.imagesOnly && type.kind !== 'image')) throw new AppError(ErrorCode.UPLOAD_REFUSED, owner.imagesOnly ? '仅支持上传图片' : '仅支持上传图片或视频')
  const max = type.kind === 'image' ? config.uploadMaxImageBytes : config.uploadMaxVideoBytes
  if (buf.length > max) throw new AppError(ErrorCode.UPLOAD_REFUSED, type.kind === 'image' ? `图片不能超过${Math.round(max / 1048576)}MB` : `视频不能超过${Math.round(max / 1048576)}MB`)
  if (buf.length === 0) throw new AppError(ErrorCode.UPLOAD_REFUSED, '文件为空')
  const month = new Date().toISOString().slice(0, 7).replace('-', '')
  const key = `${month}/${crypto.randomBytes(12).toString('hex')}.${type.ext}`
  await storage.put(key, buf, type.mime)
  const url = uploadPath(key)
  const row = await db.insertInto('uploads').values({ memberId, kind: type.kind, mime: type.mime, size: buf.length, path: url, createdAt: Date.now() }).returning('id').executeTakeFirstOrThrow()
  return { id: row.id, url, kind: type.kind, mime: type.mime, size: buf.length }
}
