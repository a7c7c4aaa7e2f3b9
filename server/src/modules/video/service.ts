import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../../config'
import type { Db } from '../../db/types'
import { dialectOf, ilike, sql } from '../../db'
import type { UserMaterial, VideoComment, VideoCommentRequest, VideoGoods, VideoItem, VideoPage, VideoReleaseRequest } from '../../../../types/video'
import { VIDEO_COMMENT_MAX, VIDEO_GOODS_MAX, VIDEO_MAX_DURATION_S, VIDEO_TITLE_MAX } from '../../../../types/video'
import type { Page } from '../../../../types/envelope'
import { AppError, ErrorCode, notFound } from '../../errors'
import { hit } from '../../services/rateLimit'
import { mp4Duration } from './media'
import { onPage } from '../../db/paging'

export const COMMENTS_PER_MINUTE = 10
export const RELEASES_PER_DAY = 20
/** A little slack for rounding in the container's own duration field. */
const DURATION_SLACK_S = 0.5

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)
const parseIds = (s: string): number[] => {
  try {
    const v = JSON.parse(s)
    return Array.isArray(v) ? v.filter((x) => Number.isInteger(x) && x > 0) : []
  } catch {
    return []
  }
}

type VideoRow = {
  id: number
  memberId: number
  title: string
  url: string
  cover: string
  duration: number
  goodsIds: string
  likes: number
  comments: number
  shares: number
  views: number
  status: 'pending' | 'on' | 'off'
  reviewReason: string
  createdAt: number
}
const videoCols = [
  'videos.id',
  'videos.memberId',
  'videos.title',
  'videos.url',
  'videos.cover',
  'videos.duration',
  'videos.goodsIds',
  'videos.likes',
  'videos.comments',
  'videos.shares',
  'videos.views',
  'videos.status',
  'videos.reviewReason',
  'videos.createdAt',
] as const

async function goodsByIds(db: Db, ids: number[]): Promise<Map<number, VideoGoods>> {
  if (!ids.length) return new Map()
  const rows = await db.selectFrom('goods').select(['id', 'name', 'mainImage', 'price']).where('id', 'in', ids).where('status', '=', 'on').execute()
  return new Map(rows.map((g) => [g.id, g]))
}

/** Adds authors, the caller's like / follow flags and the linked on-shelf goods. */
async function decorate(db: Db, rows: VideoRow[], viewer: number | null): Promise<VideoItem[]> {
  if (!rows.length) return []
  const memberIds = [...new Set(rows.map((r) => r.memberId))]
  const videoIds = rows.map((r) => r.id)
  const members = await db.selectFrom('members').select(['id', 'nickname', 'avatar']).where('id', 'in', memberIds).execute()
  const byId = new Map(members.map((m) => [m.id, m]))
  const liked = viewer
    ? new Set((await db.selectFrom('videoLikes').select('videoId').where('memberId', '=', viewer).where('videoId', 'in', videoIds).execute()).map((r) => r.videoId))
    : new Set<number>()
  const followed = viewer
    ? new Set((await db.selectFrom('memberFollows').select('followeeId').where('followerId', '=', viewer).where('followeeId', 'in', memberIds).execute()).map((r) => r.followeeId))
    : new Set<number>()
  const goods = await goodsByIds(db, [...new Set(rows.flatMap((r) => parseIds(r.goodsIds)))])
  return rows.map((r) => {
    const m = byId.get(r.memberId)
    return {
      id: r.id,
      title: r.title,
      url: r.url,
      cover: r.cover,
      duration: r.duration,
      likes: r.likes,
      comments: r.comments,
      shares: r.shares,
      views: r.views,
      liked: liked.has(r.id),
      followed: followed.has(r.memberId),
      author: { id: r.memberId, nickname: m?.nickname || '会员', avatar: m?.avatar || '' },
      goods: parseIds(r.goodsIds)
        .map((id) => goods.get(id))
        .filter((g): g is VideoGoods => !!g),
      status: r.status,
      reviewReason: r.status === 'off' ? r.reviewReason : '',
      createdAt: r.createdAt,
    }
  })
}

/** `own`: the author's own list, where their videos waiting for review (or taken down) are shown to them too. */
async function pageOf(db: Db, q: { page: number; pageSize: number }, viewer: number | null, filter: (b: any) => any, own = false): Promise<VideoPage> {
  const listed = db.selectFrom('videos').innerJoin('members', 'members.id', 'videos.memberId')
  const base = filter(own ? listed : listed.where('videos.status', '=', 'on'))
  const total = Number((await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst())?.n || 0)
  const rows = await base
    .select([...videoCols])
    .orderBy('videos.createdAt', 'desc')
    .orderBy('videos.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return { list: await decorate(db, rows, viewer), total, page: q.page, pageSize: q.pageSize }
}

/** The feed: every shown video, newest first. */
export const list = (db: Db, q: { page: number; pageSize: number }, viewer: number | null) => pageOf(db, q, viewer, (b) => b)

/** Videos whose title or author nickname contains the keyword. */
export function search(db: Db, q: { keyword: string; page: number; pageSize: number }, viewer: number | null) {
  return pageOf(db, q, viewer, (b) => b.where((eb: any) => eb.or([contains(db, 'videos.title', q.keyword), contains(db, 'members.nickname', q.keyword)])))
}

/** A creator's videos: the shown ones; to the creator, also the ones waiting for review and taken down (each with its status). */
export const userVideos = (db: Db, authorId: number, q: { page: number; pageSize: number }, viewer: number | null) =>
  pageOf(db, q, viewer, (b) => b.where('videos.memberId', '=', authorId), viewer === authorId)

export async function detail(db: Db, id: number, viewer: number | null, ownUnlisted = false): Promise<VideoItem> {
  let q = db
    .selectFrom('videos')
    .select([...videoCols])
    .where('videos.id', '=', id)
  // Only shown (approved) videos; the author's own pending one only right after release.
  q = ownUnlisted && viewer ? q.where('videos.memberId', '=', viewer) : q.where('videos.status', '=', 'on')
  const row = await q.executeTakeFirst()
  if (!row) throw notFound('视频不存在或已删除')
  return (await decorate(db, [row], viewer))[0]
}

/** `column LIKE '%kw%'` (case-insensitive, % and _ in the keyword matched literally) on both dialects. */
export function contains(db: Db, column: string, keyword: string) {
  const pattern = `%${String(keyword)
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`${sql.ref(column)} ${sql.raw(ilike(dialectOf(db)))} ${pattern} escape '\\'`
}

export async function userMaterial(db: Db, authorId: number, viewer: number | null): Promise<UserMaterial> {
  const m = await db.selectFrom('members').select(['id', 'nickname', 'avatar', 'status']).where('id', '=', authorId).executeTakeFirst()
  if (!m || m.status === 'anonymised') throw notFound('用户不存在')
  const stats = await db
    .selectFrom('videos')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('likes'), eb.lit(0)).as('likes')])
    .where('memberId', '=', authorId)
    // The creator counts their own videos waiting for review too (they are listed to them, marked 审核中).
    .where('status', 'in', viewer === authorId ? ['on', 'pending', 'off'] : ['on'])
    .executeTakeFirst()
  const followers = await db
    .selectFrom('memberFollows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('followeeId', '=', authorId)
    .executeTakeFirst()
  const following = await db
    .selectFrom('memberFollows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('followerId', '=', authorId)
    .executeTakeFirst()
  const followed = viewer ? !!(await db.selectFrom('memberFollows').select('id').where('followerId', '=', viewer).where('followeeId', '=', authorId).executeTakeFirst()) : false
  return {
    member: { id: m.id, nickname: m.nickname || '会员', avatar: m.avatar },
    videoCount: Number(stats?.n || 0),
    likeCount: Number(stats?.likes || 0),
    followerCount: Number(followers?.n || 0),
    followingCount: Number(following?.n || 0),
    followed,
    isSelf: viewer === authorId,
  }
}

/**
 * Publishes an uploaded video. Refused when: the file is not the caller's own video upload, it is larger
 * than uploadMaxVideoBytes, or it lasts more than 60 s (the client's figure, and the MP4 header's when readable).
 */
export async function release(db: Db, config: Config, memberId: number, input: VideoReleaseRequest): Promise<VideoItem> {
  const title = String(input.title ?? '').trim()
  if (!title) throw bad('请输入视频标题')
  if (title.length > VIDEO_TITLE_MAX) throw bad(`标题不能超过${VIDEO_TITLE_MAX}个字`)
  const reported = Number(input.duration)
  if (!Number.isFinite(reported) || reported <= 0) throw bad('无法读取视频时长，请重新选择视频')
  if (reported > VIDEO_MAX_DURATION_S + DURATION_SLACK_S) throw new AppError(ErrorCode.UPLOAD_REFUSED, `视频时长不能超过${VIDEO_MAX_DURATION_S}秒`)
  const file = await db.selectFrom('uploads').select(['id', 'kind', 'size', 'path']).where('path', '=', String(input.url)).where('memberId', '=', memberId).executeTakeFirst()
  if (!file || file.kind !== 'video') throw bad('请先上传视频')
  if (file.size > config.uploadMaxVideoBytes) throw new AppError(ErrorCode.UPLOAD_REFUSED, `视频不能超过${Math.round(config.uploadMaxVideoBytes / 1048576)}MB`)
  let duration = reported
  const abs = path.join(config.dataDir, file.path.replace(/^\/+/, ''))
  if (fs.existsSync(abs)) {
    const fromHeader = mp4Duration(fs.readFileSync(abs))
    if (fromHeader !== null) {
      if (fromHeader > VIDEO_MAX_DURATION_S + DURATION_SLACK_S) throw new AppError(ErrorCode.UPLOAD_REFUSED, `视频时长不能超过${VIDEO_MAX_DURATION_S}秒`)
      duration = fromHeader
    }
  }
  let cover = ''
  if (input.cover) {
    const img = await db.selectFrom('uploads').select(['kind']).where('path', '=', String(input.cover)).where('memberId', '=', memberId).executeTakeFirst()
    if (!img || img.kind !== 'image') throw bad('封面图片无效，请重新上传')
    cover = String(input.cover)
  }
  const goodsIds = [...new Set((input.goodsIds || []).map(Number))]
  if (goodsIds.length > VIDEO_GOODS_MAX) throw bad(`最多关联${VIDEO_GOODS_MAX}件商品`)
  if (goodsIds.length) {
    const found = await goodsByIds(db, goodsIds)
    if (found.size !== goodsIds.length) throw bad('关联的商品不存在或已下架')
  }
  await hit(db, `video:release:${memberId}`, RELEASES_PER_DAY, 86400_000, '今日发布次数已达上限')
  const row = await db
    .insertInto('videos')
    .values({
      memberId,
      title,
      url: file.path,
      cover,
      duration: Math.max(1, Math.round(duration)),
      size: file.size,
      goodsIds: JSON.stringify(goodsIds),
      likes: 0,
      comments: 0,
      shares: 0,
      views: 0,
      status: 'pending',
      createdAt: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // Waits in the console's review queue (内容 · 短视频); the shop lists it once approved.
  return detail(db, row.id, memberId, true)
}

/** Deletes one's own video with its likes and comments. */
export async function remove(db: Db, memberId: number, id: number) {
  return db.transaction().execute(async (tx) => {
    const res = await tx.deleteFrom('videos').where('id', '=', id).where('memberId', '=', memberId).executeTakeFirst()
    if (Number(res.numDeletedRows) !== 1) throw notFound('视频不存在')
    await tx.deleteFrom('videoLikes').where('videoId', '=', id).execute()
    await tx.deleteFrom('videoComments').where('videoId', '=', id).execute()
    return { deleted: true }
  })
}

async function mustExist(db: Db, id: number) {
  const v = await db.selectFrom('videos').select('id').where('id', '=', id).where('status', '=', 'on').executeTakeFirst()
  if (!v) throw notFound('视频不存在或已删除')
}

/** Like / unlike; the counter moves only when the like row really changed (a double tap counts once). */
export async function like(db: Db, memberId: number, id: number, on: boolean) {
  await mustExist(db, id)
  return db.transaction().execute(async (tx) => {
    if (on) {
      const res = await tx
        .insertInto('videoLikes')
        .values({ videoId: id, memberId, createdAt: Date.now() })
        .onConflict((oc) => oc.columns(['videoId', 'memberId']).doNothing())
        .executeTakeFirst()
      if (Number(res.numInsertedOrUpdatedRows || 0) === 1)
        await tx
          .updateTable('videos')
          .set((eb) => ({ likes: eb('likes', '+', 1) }))
          .where('id', '=', id)
          .execute()
    } else {
      const res = await tx.deleteFrom('videoLikes').where('videoId', '=', id).where('memberId', '=', memberId).executeTakeFirst()
      if (Number(res.numDeletedRows) === 1)
        await tx
          .updateTable('videos')
          .set((eb) => ({ likes: eb('likes', '-', 1) }))
          .where('id', '=', id)
          .where('likes', '>', 0)
          .execute()
    }
    const v = await tx.selectFrom('videos').select('likes').where('id', '=', id).executeTakeFirstOrThrow()
    return { liked: on, likes: v.likes }
  })
}

export async function commentList(db: Db, videoId: number, q: { page: number; pageSize: number }): Promise<Page<VideoComment>> {
  // A comment the shop hid is neither listed nor played as danmu.
  const base = db.selectFrom('videoComments').where('videoId', '=', videoId).where('hidden', '=', 0)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n || 0)
  const rows = await base
    .innerJoin('members', 'members.id', 'videoComments.memberId')
    .select([
      'videoComments.id',
      'videoComments.videoId',
      'videoComments.content',
      'videoComments.timeOffset',
      'videoComments.createdAt',
      'members.id as authorId',
      'members.nickname',
      'members.avatar',
    ])
    .orderBy('videoComments.createdAt', 'desc')
    .orderBy('videoComments.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      videoId: r.videoId,
      content: r.content,
      time: r.timeOffset,
      createdAt: r.createdAt,
      author: { id: r.authorId, nickname: r.nickname || '会员', avatar: r.avatar },
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  }
}

/** A comment, shown in the list and as a danmu at its playback second. */
export async function comment(db: Db, memberId: number, input: VideoCommentRequest): Promise<VideoComment> {
  const content = String(input.content ?? '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!content) throw bad('请输入评论内容')
  if (content.length > VIDEO_COMMENT_MAX) throw bad(`评论不能超过${VIDEO_COMMENT_MAX}个字`)
  await mustExist(db, input.videoId)
  await hit(db, `video:comment:${memberId}`, COMMENTS_PER_MINUTE, 60_000, '评论太频繁了，请稍后再试')
  const time = Math.max(0, Math.min(VIDEO_MAX_DURATION_S * 10, Math.floor(Number(input.time) || 0)))
  const t = Date.now()
  const row = await db.transaction().execute(async (tx) => {
    const r = await tx.insertInto('videoComments').values({ videoId: input.videoId, memberId, content, timeOffset: time, createdAt: t }).returning('id').executeTakeFirstOrThrow()
    await tx
      .updateTable('videos')
      .set((eb) => ({ comments: eb('comments', '+', 1) }))
      .where('id', '=', input.videoId)
      .execute()
    return r
  })
  const m = await db.selectFrom('members').select(['id', 'nickname', 'avatar']).where('id', '=', memberId).executeTakeFirstOrThrow()
  return { id: row.id, videoId: input.videoId, content, time, createdAt: t, author: { id: m.id, nickname: m.nickname || '会员', avatar: m.avatar } }
}

/** Counts a share or a view. */
export async function bump(db: Db, id: number, field: 'shares' | 'views') {
  const res = await db
    .updateTable('videos')
    .set((eb) => ({ [field]: eb(field, '+', 1) }) as any)
    .where('id', '=', id)
    .where('status', '=', 'on')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw notFound('视频不存在或已删除')
  const v = await db.selectFrom('videos').select(['shares', 'views']).where('id', '=', id).executeTakeFirstOrThrow()
  return v
}

export async function follow(db: Db, memberId: number, target: number, on: boolean) {
  if (target === memberId) throw bad('不能关注自己')
  const m = await db.selectFrom('members').select('id').where('id', '=', target).where('status', '!=', 'anonymised').executeTakeFirst()
  if (!m) throw notFound('用户不存在')
  if (on)
    await db
      .insertInto('memberFollows')
      .values({ followerId: memberId, followeeId: target, createdAt: Date.now() })
      .onConflict((oc) => oc.columns(['followerId', 'followeeId']).doNothing())
      .execute()
  else await db.deleteFrom('memberFollows').where('followerId', '=', memberId).where('followeeId', '=', target).execute()
  const followers = await db
    .selectFrom('memberFollows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('followeeId', '=', target)
    .executeTakeFirst()
  return { followed: on, followerCount: Number(followers?.n || 0) }
}

/** On-shelf goods for the release page's goods picker (name contains the keyword; newest first without one). */
export async function goodsOptions(db: Db, keyword: string | undefined, limit = 20): Promise<VideoGoods[]> {
  let q = db.selectFrom('goods').select(['id', 'name', 'mainImage', 'price']).where('status', '=', 'on')
  const kw = String(keyword || '').trim()
  if (kw) q = q.where(contains(db, 'name', kw))
  return q.orderBy('sales', 'desc').orderBy('id', 'desc').limit(limit).execute()
}
