import { sql, type Kysely } from 'kysely'
import { createTable, TIME } from '../schemaHelpers'

/** Express companies every shop ships with (reference data, not demo data: present in every database). */
export const EXPRESS_COMPANIES: Array<{ code: string; name: string; phone: string }> = [
  { code: 'SF', name: '顺丰速运', phone: '95338' },
  { code: 'ZTO', name: '中通快递', phone: '95311' },
  { code: 'YTO', name: '圆通速递', phone: '95554' },
  { code: 'STO', name: '申通快递', phone: '95543' },
  { code: 'YD', name: '韵达快递', phone: '95546' },
  { code: 'JTSD', name: '极兔速递', phone: '956025' },
  { code: 'JD', name: '京东物流', phone: '950616' },
  { code: 'EMS', name: 'EMS', phone: '11183' },
  { code: 'YZPY', name: '邮政快递包裹', phone: '11183' },
  { code: 'DBL', name: '德邦快递', phone: '95353' },
]

/**
 * Trade: cart, shipping addresses, orders with their lines and status history, payments,
 * express companies, shipments and logistics traces. Money in fen; times in ms.
 */
export async function up(db: Kysely<any>) {
  await createTable(db, 'cart_items')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('cart_items_member_sku', ['member_id', 'sku_id'])
    .addCheckConstraint('cart_items_quantity_pos', sql`quantity > 0`)
    .execute()

  await createTable(db, 'member_addresses')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('province', 'varchar(32)', (c) => c.notNull())
    .addColumn('city', 'varchar(32)', (c) => c.notNull())
    .addColumn('district', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'varchar(128)', (c) => c.notNull())
    .addColumn('tag', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('member_addresses_member').on('member_addresses').column('member_id').execute()
  // At most one default address per member, enforced by the database.
  await sql`CREATE UNIQUE INDEX member_addresses_one_default ON member_addresses (member_id) WHERE is_default = 1`.execute(db)

  await createTable(db, 'orders')
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('order_type', 'varchar(16)', (c) => c.notNull().defaultTo('normal')) // normal | seckill | points
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // unpaid | to_ship | to_receive | to_review | completed | cancelled
    .addColumn('after_sale_status', 'varchar(16)', (c) => c.notNull().defaultTo('none')) // none | processing | finished
    .addColumn('goods_amount', 'integer', (c) => c.notNull())
    .addColumn('freight_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_id', 'integer')
    .addColumn('coupon_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_amount', 'integer', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receiver_name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_province', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_city', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_district', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('receiver_detail', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('bound_business_id', 'integer')
    .addColumn('pay_channel', 'varchar(16)')
    .addColumn('cancel_reason', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('expire_at', TIME, (c) => c.notNull())
    .addColumn('paid_at', TIME)
    .addColumn('shipped_at', TIME)
    .addColumn('received_at', TIME)
    .addColumn('completed_at', TIME)
    .addColumn('cancelled_at', TIME)
    .addColumn('deleted_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('orders_member_request', ['member_id', 'request_id'])
    .addCheckConstraint('orders_pay_amount_nonneg', sql`pay_amount >= 0`)
    .execute()
  await db.schema.createIndex('orders_member_status').on('orders').columns(['member_id', 'status', 'created_at']).execute()
  await db.schema.createIndex('orders_status_expire').on('orders').columns(['status', 'expire_at']).execute()
  await db.schema.createIndex('orders_business').on('orders').columns(['bound_business_id', 'created_at']).execute()

  await createTable(db, 'order_items')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('image', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('spec_text', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull()) // price × quantity
    .addColumn('pay_amount', 'integer', (c) => c.notNull()) // amount minus this line's share of coupon / points discounts
    .addColumn('reviewed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addCheckConstraint('order_items_refund_bounds', sql`refunded_quantity <= quantity AND refunded_amount <= pay_amount`)
    .execute()
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute()

  await createTable(db, 'payments')
    .addColumn('pay_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | paid | closed | refund_pending | refunded
    .addColumn('transaction_id', 'varchar(64)', (c) => c.unique())
    .addColumn('paid_at', TIME)
    .addColumn('raw_notify', 'text')
    .addColumn('expire_at', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute()

  await createTable(db, 'order_logs')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('operator', 'varchar(16)', (c) => c.notNull()) // member | system | admin | gateway
    .addColumn('note', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('order_logs_order').on('order_logs').column('order_id').execute()

  await createTable(db, 'express_companies')
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db
    .insertInto('express_companies')
    .values(EXPRESS_COMPANIES.map((e, i) => ({ code: e.code, name: e.name, phone: e.phone, sort: i, enabled: 1 })))
    .execute()

  // One shipment per order (the whole order ships in one parcel).
  await createTable(db, 'shipments')
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('express_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('express_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('tracking_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()

  await createTable(db, 'logistics_traces')
    .addColumn('shipment_id', 'integer', (c) => c.notNull())
    .addColumn('time', TIME, (c) => c.notNull())
    .addColumn('text', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('logistics_traces_shipment').on('logistics_traces').columns(['shipment_id', 'time']).execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['logistics_traces', 'shipments', 'express_companies', 'order_logs', 'payments', 'order_items', 'orders', 'member_addresses', 'cart_items'])
    await db.schema.dropTable(t).ifExists().execute()
}
