import type { FastifyBaseLogger } from 'fastify'
import { DEVICE_HEADER, DEVICE_ID_PATTERN } from '../../../../types/device'
import type { Db } from '../../db/types'
import type { RoutePlugin } from '../shopModule'
import './tables'
import { chinaDay } from '../../services/chinaTime'

/** Devices remembered per process and day before the memory starts again (a repeat insert is ignored anyway). */
const MAX_REMEMBERED = 100_000

/**
 * Counts a device (its id from the shop's src/platform/device.ts; anything else is not counted) once per China day: the first call of the day inserts (day, device) and ignores a row that is
 * already there (another process, a restart); later calls of the same device that day only look in this process's
 * set, so the shop's reads pay a header read and a set look-up, never a query.
 */
export function visitRecorder(db: Db, log?: FastifyBaseLogger, now = () => Date.now()) {
  let day = ''
  let seen = new Set<string>()
  return (deviceId: unknown): Promise<void> | undefined => {
    if (typeof deviceId !== 'string' || !DEVICE_ID_PATTERN.test(deviceId)) return
    const t = now()
    const today = chinaDay(t)
    if (today !== day || seen.size >= MAX_REMEMBERED) {
      day = today
      seen = new Set()
    }
    if (seen.has(deviceId)) return
    seen.add(deviceId)
    const remembered = seen
    return db
      .insertInto('visits')
      .values({ day: today, deviceId, createdAt: t })
      .onConflict((oc) => oc.columns(['day', 'deviceId']).doNothing())
      .execute()
      .then(
        () => undefined,
        (err) => {
          remembered.delete(deviceId)
          log?.warn({ err }, 'visit not recorded')
        },
      )
  }
}

/** The shop scope's hook: after each answer has gone, the calling device's visit of the day (not on the answer's path). */
const visitRoutes: RoutePlugin = async (app, { db }) => {
  const record = visitRecorder(db, app.log)
  app.addHook('onResponse', (req, _reply, done) => {
    void record(req.headers[DEVICE_HEADER])
    done()
  })
}

export default visitRoutes
