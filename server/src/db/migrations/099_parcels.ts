import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../index'
import { createTable, TIME } from '../schemaHelpers'

/**
 * Split shipment (issue 34, docs/orders.md "Parcels"): an order ships in one or more parcels (shipments), each
 * carrying some of its lines.
 * - shipment_items: which units of which order line a parcel holds.
 * - order_items.shipped_quantity: units of the line already in a parcel; shipping raises it by a conditional update
 *   (shipped + refunded + n <= quantity), so two staff shipping the same lines at once cannot both win.
 * - shipments.order_id is no longer unique (004 made it so: one parcel per order); an index takes its place.
 * Shipments made before this migration held the whole order: each gets every line of its order, whole.
 */
export async function up(db: Kysely<any>) {
  if (dialectOf(db) === 'postgres') await sql`ALTER TABLE shipments DROP CONSTRAINT shipments_order_id_key`.execute(db)
  else {
    // SQLite cannot drop a column's UNIQUE: the table is made again without it, ids kept.
    await createTable(db, 'shipments_next')
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('express_code', 'varchar(16)', (c) => c.notNull())
      .addColumn('express_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('tracking_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('created_at', TIME, (c) => c.notNull())
      .addColumn('tracking_state', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('tracking_at', TIME)
      .addColumn('signed_at', TIME)
      .execute()
    const cols = sql.raw('id, order_id, express_code, express_name, tracking_no, created_at, tracking_state, tracking_at, signed_at')
    await sql`INSERT INTO shipments_next (${cols}) SELECT ${cols} FROM shipments`.execute(db)
    await sql`DROP TABLE shipments`.execute(db)
    await sql`ALTER TABLE shipments_next RENAME TO shipments`.execute(db)
  }
  await db.schema.createIndex('shipments_order').on('shipments').column('order_id').execute()
  await createTable(db, 'shipment_items')
    .addColumn('shipment_id', 'integer', (c) => c.notNull())
    .addColumn('order_item_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('shipment_items_shipment').on('shipment_items').columns(['shipment_id', 'order_item_id']).unique().execute()
  await db.schema.createIndex('shipment_items_item').on('shipment_items').column('order_item_id').execute()
  await db.schema
    .alterTable('order_items')
    .addColumn('shipped_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`INSERT INTO shipment_items (shipment_id, order_item_id, quantity)
    SELECT s.id, i.id, i.quantity FROM shipments s JOIN order_items i ON i.order_id = s.order_id
    WHERE s.id = (SELECT MIN(s2.id) FROM shipments s2 WHERE s2.order_id = s.order_id)`.execute(db)
  await sql`UPDATE order_items SET shipped_quantity = quantity WHERE order_id IN (SELECT order_id FROM shipments)`.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('shipments_order').ifExists().execute()
  await db.schema.alterTable('order_items').dropColumn('shipped_quantity').execute()
  await db.schema.dropTable('shipment_items').ifExists().execute()
}
