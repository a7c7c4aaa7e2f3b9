import type { Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * The console's 内容 (docs/content.md "Console rules"):
 *  - videos.review_reason / reviewed_at: the review queue (status pending | on | off; a member's upload starts pending);
 *  - video_comments.hidden: a comment or danmu hidden by the shop (still counted nowhere, kept for the record);
 *  - goods_reviews.hidden / reply / replied_at: a review hidden from the goods page, and the shop's reply;
 *  - feedback.reply / replied_at / closed_at: the shop's answer (status new | read | replied | closed);
 *  - web_links: named web-view links the console keeps (checked against the allow-list when saved);
 *  - webview_hosts: allowed web-view hosts added in the console (added to WEBVIEW_ALLOW_LIST's).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('videos')
    .addColumn('review_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('videos').addColumn('reviewed_at', TIME).execute()
  await db.schema
    .alterTable('video_comments')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('goods_reviews')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('goods_reviews')
    .addColumn('reply', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('goods_reviews').addColumn('replied_at', TIME).execute()
  await db.schema
    .alterTable('feedback')
    .addColumn('reply', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('feedback').addColumn('replied_at', TIME).execute()
  await db.schema.alterTable('feedback').addColumn('closed_at', TIME).execute()
  await db.schema.createIndex('feedback_status').on('feedback').columns(['status', 'created_at']).execute()

  await createTable(db, 'web_links')
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()

  await createTable(db, 'webview_hosts')
    .addColumn('host', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('note', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['webview_hosts', 'web_links']) await db.schema.dropTable(t).ifExists().execute()
  await db.schema.dropIndex('feedback_status').ifExists().execute()
  for (const c of ['closed_at', 'replied_at', 'reply']) await db.schema.alterTable('feedback').dropColumn(c).execute()
  for (const c of ['replied_at', 'reply', 'hidden']) await db.schema.alterTable('goods_reviews').dropColumn(c).execute()
  await db.schema.alterTable('video_comments').dropColumn('hidden').execute()
  for (const c of ['reviewed_at', 'review_reason']) await db.schema.alterTable('videos').dropColumn(c).execute()
}
