import fs from 'node:fs'
import path from 'node:path'
import type { Seeder } from './seeder'
import type { Db } from '../db/types'
import { COMMITTED_VIDEOS, GENERATED_VIDEOS, copyCommittedMedia, ffmpegAvailable, renderVideo, type DemoVideoSpec } from './videoMedia'
import { mp4Duration } from '../modules/video/media'

/** Up to two on-shelf goods of the video's categories, best sellers first. */
async function goodsShown(db: Db, categories: string[]): Promise<number[]> {
  if (!categories.length) return []
  const rows = await db
    .selectFrom('goods')
    .innerJoin('categories', 'categories.id', 'goods.categoryId')
    .select('goods.id')
    .where('goods.status', '=', 'on')
    .where('categories.name', 'in', categories)
    .orderBy('goods.sales', 'desc')
    .orderBy('goods.id')
    .limit(2)
    .execute()
  return rows.map((r) => r.id)
}

const COMMENTS = ['好好看！', '求链接', '这个颜色绝了', '已下单', '学到了', '博主好会搭', '同款get', '太实用了吧', '收藏了', '第一次刷到，关注了']

/**
 * Demo videos: the committed MP4s are copied into `${dataDir}/media/video`; with ffmpeg on the machine a
 * few more are rendered there. Each video gets linked goods of the categories it shows (none when the
 * catalogue has none: a product card must never show unrelated goods),
 * comments that play as danmu, likes and a follow.
 */
export const videoSeeder: Seeder = {
  name: 'videos',
  async run(ctx) {
    const { db, config, log } = ctx
    const mediaDir = path.join(config.dataDir, 'media')
    copyCommittedMedia(mediaDir)
    const specs: DemoVideoSpec[] = [...COMMITTED_VIDEOS]
    // Tests use the committed files only (rendering costs seconds); SEED_RENDER_VIDEOS=0 turns rendering off, =1 forces it on.
    const render = process.env.SEED_RENDER_VIDEOS === '1' || (process.env.SEED_RENDER_VIDEOS !== '0' && process.env.NODE_ENV !== 'test')
    if (render && ffmpegAvailable()) {
      for (const spec of GENERATED_VIDEOS) {
        try {
          renderVideo(spec, path.join(mediaDir, 'video'))
          specs.push(spec)
        } catch (e) {
          log.warn({ err: e }, `could not render demo video ${spec.name}`)
        }
      }
    }
    const members = await db.selectFrom('members').select(['id', 'phone']).orderBy('id').execute()
    if (!members.length) return
    const t = Date.now()
    for (const [i, spec] of specs.entries()) {
      const file = path.join(mediaDir, 'video', `${spec.name}.mp4`)
      if (!fs.existsSync(file)) continue
      const size = fs.statSync(file).size
      const duration = Math.round(mp4Duration(fs.readFileSync(file)) ?? spec.seconds)
      const author = members[i % members.length]
      const goodsIds = await goodsShown(db, spec.categories)
      const createdAt = t - (i + 1) * 3600_000
      const v = await db
        .insertInto('videos')
        .values({
          memberId: author.id,
          title: `${spec.title}｜${spec.subtitle}`,
          url: `/media/video/${spec.name}.mp4`,
          cover: `/media/video/${spec.name}.jpg`,
          duration,
          size,
          goodsIds: JSON.stringify(goodsIds),
          likes: 0,
          comments: 0,
          shares: 3 + i,
          views: 120 + i * 57,
          status: 'on',
          createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const n = 4 + (i % 3)
      for (let k = 0; k < n; k++) {
        const who = members[(i + k) % members.length]
        await db
          .insertInto('videoComments')
          .values({ videoId: v.id, memberId: who.id, content: COMMENTS[(i * 3 + k) % COMMENTS.length], timeOffset: k % Math.max(1, duration - 1), createdAt: createdAt + (k + 1) * 60_000 })
          .execute()
      }
      const likers = members.filter((_, k) => (k + i) % 2 === 0)
      for (const m of likers) await db.insertInto('videoLikes').values({ videoId: v.id, memberId: m.id, createdAt }).execute()
      await db.updateTable('videos').set({ comments: n, likes: likers.length }).where('id', '=', v.id).execute()
    }
    if (members.length > 1) await db.insertInto('memberFollows').values({ followerId: members[1].id, followeeId: members[0].id, createdAt: t }).execute()
  },
}
