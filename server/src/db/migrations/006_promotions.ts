import { sql, type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Promotions: coupons (templates, members' coupons, per-member receipt counters), the points ledger,
 * daily sign-in, missions, the points mall, flash sales (sessions, items, per-member counters, the
 * orders they made) and the blind-box turntable (prizes and draws). Money in fen; times in ms.
 * Every balance, stock and quota has a CHECK so a wrong update fails instead of going negative.
 */
export async function up(db: Kysely<any>) {
  // ------------------------------------------------------------------ coupons
  await createTable(db, 'coupons')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // amount | threshold | discount
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0)) // fen off (amount, threshold)
    .addColumn('threshold', 'integer', (c) => c.notNull().defaultTo(0)) // fen of in-scope goods needed
    .addColumn('rate', 'integer', (c) => c.notNull().defaultTo(100)) // discount: percent paid (85 = 8.5折)
    .addColumn('max_discount', 'integer', (c) => c.notNull().defaultTo(0)) // discount cap in fen, 0 = none
    .addColumn('scope', 'varchar(16)', (c) => c.notNull().defaultTo('all')) // all | category | goods
    .addColumn('scope_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('valid_type', 'varchar(8)', (c) => c.notNull()) // fixed | days
    .addColumn('valid_from', TIME)
    .addColumn('valid_to', TIME)
    .addColumn('valid_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_member_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_count', 'integer', (c) => c.notNull())
    .addColumn('issued_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_seckill', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1)) // shown in the coupon centre
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on'))
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('coupons_issued_bounds', sql`issued_count >= 0 AND issued_count <= total_count`)
    .addCheckConstraint('coupons_used_bounds', sql`used_count >= 0 AND used_count <= issued_count`)
    .execute()

  await createTable(db, 'member_coupons')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull()) // unused | used (expired = unused past valid_to)
    .addColumn('source', 'varchar(16)', (c) => c.notNull()) // centre | new_member | prize | admin
    .addColumn('valid_from', TIME, (c) => c.notNull())
    .addColumn('valid_to', TIME, (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('used_at', TIME)
    .addColumn('received_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('member_coupons_member').on('member_coupons').columns(['member_id', 'status', 'valid_to']).execute()
  await db.schema.createIndex('member_coupons_order').on('member_coupons').column('order_id').execute()

  // How many of a coupon a member has received (the per-member limit is a conditional update on it).
  await createTable(db, 'coupon_receipts')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.notNull())
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('coupon_receipts_member_coupon', ['member_id', 'coupon_id'])
    .addCheckConstraint('coupon_receipts_nonneg', sql`received >= 0`)
    .execute()

  // ------------------------------------------------------------------ points
  await createTable(db, 'points_ledger')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(24)', (c) => c.notNull())
    .addColumn('ref_key', 'varchar(64)') // one award per key (unique with the member)
    .addColumn('note', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('points_ledger_member_ref', ['member_id', 'ref_key'])
    .addCheckConstraint('points_ledger_balance_nonneg', sql`balance_after >= 0`)
    .execute()
  await db.schema.createIndex('points_ledger_member').on('points_ledger').columns(['member_id', 'id']).execute()

  await createTable(db, 'sign_ins')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull()) // China day YYYY-MM-DD
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('sign_ins_member_day', ['member_id', 'day'])
    .execute()

  // Events the server cannot see elsewhere (shares), counted per member, mission and day.
  await createTable(db, 'mission_events')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('mission', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('mission_events_key', ['member_id', 'mission', 'day'])
    .execute()

  // One award per member, mission and period ('once' or a China day).
  await createTable(db, 'mission_claims')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('mission', 'varchar(16)', (c) => c.notNull())
    .addColumn('period', 'varchar(10)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('mission_claims_key', ['member_id', 'mission', 'period'])
    .execute()

  await createTable(db, 'points_goods')
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('image', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('cash', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('market_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_member_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on'))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addCheckConstraint('points_goods_stock_nonneg', sql`stock >= 0 AND redeemed >= 0 AND points >= 0 AND cash >= 0`)
    .execute()

  await createTable(db, 'points_redemptions')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('points_goods_id', 'integer', (c) => c.notNull())
    .addColumn('redeemed', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('points_redemptions_key', ['member_id', 'points_goods_id'])
    .addCheckConstraint('points_redemptions_nonneg', sql`redeemed >= 0`)
    .execute()

  await createTable(db, 'points_orders')
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('points_goods_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()

  // ------------------------------------------------------------------ flash sales
  await createTable(db, 'seckill_sessions')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(16)', (c) => c.notNull()) // "10:00"
    .addColumn('start_at', TIME, (c) => c.notNull())
    .addColumn('end_at', TIME, (c) => c.notNull())
    .addColumn('repeat_daily', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('seckill_sessions_day_title', ['day', 'title'])
    .addCheckConstraint('seckill_sessions_span', sql`end_at > start_at`)
    .execute()
  await db.schema.createIndex('seckill_sessions_day').on('seckill_sessions').columns(['day', 'start_at']).execute()

  await createTable(db, 'seckill_items')
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_member_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addCheckConstraint('seckill_items_sold_bounds', sql`sold >= 0 AND sold <= quota AND price >= 0`)
    .execute()
  await db.schema.createIndex('seckill_items_session').on('seckill_items').columns(['session_id', 'sort']).execute()

  await createTable(db, 'seckill_buyers')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('bought', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('seckill_buyers_key', ['item_id', 'member_id'])
    .addCheckConstraint('seckill_buyers_nonneg', sql`bought >= 0`)
    .execute()

  await createTable(db, 'seckill_orders')
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('seckill_orders_item').on('seckill_orders').columns(['item_id', 'member_id']).execute()

  // ------------------------------------------------------------------ turntable (blind box)
  await createTable(db, 'turntable_prizes')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('image', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull()) // points | coupon | goods | none
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_id', 'integer')
    .addColumn('goods_id', 'integer')
    .addColumn('sku_id', 'integer')
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('won', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('on'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addCheckConstraint('turntable_prizes_bounds', sql`stock >= 0 AND weight >= 0 AND won >= 0`)
    .execute()

  await createTable(db, 'turntable_records')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('prize_id', 'integer', (c) => c.notNull())
    .addColumn('prize_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('prize_image', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_id', 'integer')
    .addColumn('goods_id', 'integer')
    .addColumn('sku_id', 'integer')
    .addColumn('cost', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // none | unclaimed | received | await_address | to_ship | shipped
    .addColumn('request_id', 'varchar(64)')
    .addColumn('receiver_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_address', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('express_code', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('express_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('member_coupon_id', 'integer')
    .addColumn('claimed_at', TIME)
    .addColumn('shipped_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('turntable_records_request', ['member_id', 'request_id'])
    .execute()
  await db.schema.createIndex('turntable_records_member').on('turntable_records').columns(['member_id', 'id']).execute()
}

export async function down(db: Kysely<any>) {
  for (const t of [
    'turntable_records',
    'turntable_prizes',
    'seckill_orders',
    'seckill_buyers',
    'seckill_items',
    'seckill_sessions',
    'points_orders',
    'points_redemptions',
    'points_goods',
    'mission_claims',
    'mission_events',
    'sign_ins',
    'points_ledger',
    'coupon_receipts',
    'member_coupons',
    'coupons',
  ])
    await db.schema.dropTable(t).ifExists().execute()
}
