import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/** Content and media: short videos (likes, comments/danmu, follows), articles with categories, activities, business cards. */
export async function up(db: Kysely<any>) {
  await createTable(db, 'videos')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(256)', (c) => c.notNull())
    .addColumn('cover', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull()) // seconds
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)) // bytes
    .addColumn('goods_ids', 'varchar(128)', (c) => c.notNull().defaultTo('[]')) // JSON array of goods ids
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on')) // on | off
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('videos_status_time').on('videos').columns(['status', 'created_at']).execute()
  await db.schema.createIndex('videos_member').on('videos').columns(['member_id', 'created_at']).execute()

  await createTable(db, 'video_likes')
    .addColumn('video_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('video_likes_video_member', ['video_id', 'member_id'])
    .execute()

  await createTable(db, 'video_comments')
    .addColumn('video_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(140)', (c) => c.notNull())
    .addColumn('time_offset', 'integer', (c) => c.notNull().defaultTo(0)) // playback second, for danmu
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('video_comments_video').on('video_comments').columns(['video_id', 'created_at']).execute()

  await createTable(db, 'member_follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull())
    .addColumn('followee_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('member_follows_pair', ['follower_id', 'followee_id'])
    .execute()
  await db.schema.createIndex('member_follows_followee').on('member_follows').column('followee_id').execute()

  await createTable(db, 'article_categories')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('icon', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  // member_id null: an official article of the shop (the gender-school seed).
  await createTable(db, 'articles')
    .addColumn('member_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('title', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('draft')) // draft | published
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('articles_status_category').on('articles').columns(['status', 'category_id', 'published_at']).execute()
  await db.schema.createIndex('articles_member').on('articles').columns(['member_id', 'status', 'updated_at']).execute()

  await createTable(db, 'activities')
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('cover', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_at', TIME, (c) => c.notNull())
    .addColumn('end_at', TIME, (c) => c.notNull())
    .addColumn('link_type', 'varchar(12)', (c) => c.notNull().defaultTo('none')) // none | web | customize
    .addColumn('link_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on')) // on | off (shown or hidden; the time window decides upcoming/ongoing/ended)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('activities_window').on('activities').columns(['status', 'start_at', 'end_at']).execute()

  await createTable(db, 'business_cards')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('wechat', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('business_cards_member').on('business_cards').column('member_id').execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['business_cards', 'activities', 'articles', 'article_categories', 'member_follows', 'video_comments', 'video_likes', 'videos']) await db.schema.dropTable(t).ifExists().execute()
}
