import type { Conn } from '../../db/types'
import type { LogisticsTrace } from '../../../../types/logistics'

/**
 * Where a shipment's events live: logistics_traces. The courier's come from 快递100 (tracking.ts: its pushes and the
 * shopper's real-time query, source 'courier'); staff may type events from the console or the CLI (`npm run admin --
 * trace ...`, source 'typed'), and every view labels those as typed. Shipping itself writes no event: the shipment
 * row says what is true (shipped, company, number).
 */
export interface ShipmentRef {
  id: number
}

/** A typed event (the console, the CLI, the demo seed); the same text at the same time is stored once. */
export async function recordTrace(db: Conn, shipmentId: number, ev: { time: number; text: string }) {
  await db
    .insertInto('logisticsTraces')
    .values({ shipmentId, time: ev.time, text: ev.text.slice(0, 250), source: 'typed', createdAt: Date.now() })
    .onConflict((oc) => oc.columns(['shipmentId', 'time', 'text']).doNothing())
    .execute()
}

/** The shipment's events, newest first. */
export async function readTraces(db: Conn, s: ShipmentRef): Promise<LogisticsTrace[]> {
  const rows = await db.selectFrom('logisticsTraces').select(['time', 'text', 'source']).where('shipmentId', '=', s.id).orderBy('time', 'desc').orderBy('id', 'desc').execute()
  return rows.map((r) => ({ time: Number(r.time), text: r.text, typed: r.source === 'typed' }))
}
