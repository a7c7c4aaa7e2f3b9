import type { Conn } from '../../db/types'

/**
 * Where tracking events come from. The default records them in logistics_traces (the operator adds
 * them with `npm run admin -- trace ...`); a real tracking service (快递100, 快递鸟...) implements
 * subscribe() to register the tracking number and writes what its callback pushes with recordTrace().
 */
export interface ShipmentRef {
  id: number
  orderId: number
  expressCode: string
  expressName: string
  trackingNo: string
}

export interface TraceEvent {
  time: number
  text: string
}

export interface LogisticsProvider {
  readonly name: string
  /** Called once when the order ships (inside the shipping transaction). */
  subscribe(db: Conn, shipment: ShipmentRef): Promise<void>
  /** The shipment's events, newest first. */
  traces(db: Conn, shipment: ShipmentRef): Promise<TraceEvent[]>
}

export async function recordTrace(db: Conn, shipmentId: number, ev: TraceEvent) {
  await db
    .insertInto('logisticsTraces')
    .values({ shipmentId, time: ev.time, text: ev.text.slice(0, 250), createdAt: Date.now() })
    .execute()
}

/** The default: events live in the database. Shipping writes the first two. */
export const dbLogisticsProvider: LogisticsProvider = {
  name: 'db',
  async subscribe(db, s) {
    const t = Date.now()
    await recordTrace(db, s.id, { time: t, text: `商家已发货，包裹已交给${s.expressName}，运单号 ${s.trackingNo}` })
    await recordTrace(db, s.id, { time: t + 1, text: `【${s.expressName}】快递员已揽收，包裹等待发往转运中心` })
  },
  async traces(db, s) {
    const rows = await db.selectFrom('logisticsTraces').select(['time', 'text']).where('shipmentId', '=', s.id).orderBy('time', 'desc').orderBy('id', 'desc').execute()
    return rows
  },
}

let current: LogisticsProvider = dbLogisticsProvider
export const logisticsProvider = () => current
export function setLogisticsProvider(p: LogisticsProvider) {
  current = p
}
