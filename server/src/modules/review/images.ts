import type { Conn } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'

const UPLOAD_PATH = /^\/uploads\/[\w/-]+\.[a-z0-9]{2,5}$/

/**
 * Images a member attaches (reviews, proofs, after-sales, feedback): paths that /api/upload gave this
 * member, images only, at most `max`, no repeats. Anything else is refused, so nobody can attach another
 * member's upload or an outside address.
 */
export async function ownImages(db: Conn, memberId: number, images: unknown, max: number, what = '图片'): Promise<string[]> {
  const list = Array.isArray(images) ? images.map((s) => String(s)) : []
  if (list.length > max) throw new AppError(ErrorCode.BAD_REQUEST, `${what}最多上传${max}张`)
  if (new Set(list).size !== list.length) throw new AppError(ErrorCode.BAD_REQUEST, `${what}不能重复`)
  if (!list.length) return []
  if (list.some((p) => !UPLOAD_PATH.test(p))) throw new AppError(ErrorCode.BAD_REQUEST, `${what}地址无效`)
  const rows = await db.selectFrom('uploads').select('path').where('memberId', '=', memberId).where('kind', '=', 'image').where('path', 'in', list).execute()
  const mine = new Set(rows.map((r) => r.path))
  if (list.some((p) => !mine.has(p))) throw new AppError(ErrorCode.BAD_REQUEST, `${what}无效，请重新上传`)
  return list
}

export const parseImages = (s: string | null | undefined): string[] => {
  try {
    const v = JSON.parse(s || '[]')
    return Array.isArray(v) ? v.map(String) : []
  } catch {
    return []
  }
}

/** Characters as a person counts them (an emoji is one). */
export const charCount = (s: string) => [...s].length
