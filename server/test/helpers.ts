import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../src/config'
import { createDb } from '../src/db'
import { migrateToLatest } from '../src/db/migrate'
import { buildApp } from '../src/app'
import type { AppContext, HttpClient } from '../src/context'
import type { Db } from '../src/db/types'
import type { SmsProvider, SmsVendorOptions } from '../src/modules/member/sms'
import type { Contributions } from '../src/modules/contributions'
import type { OrderRefundedEvent } from '../src/modules/order/events'
import { installModules } from '../src/modules'

export type TestDialect = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each(DIALECTS). */
export const DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/** Records the codes the server "sends", so tests log in like a user. */
export class RecordingSms implements SmsProvider {
  codes = new Map<string, string>()
  async send(phone: string, code: string) {
    this.codes.set(phone, code)
  }
}

export interface TestApp {
  app: FastifyInstance
  ctx: AppContext
  db: Db
  sms: RecordingSms
  dialect: TestDialect
  close(): Promise<void>
  get<T = any>(url: string, query?: Record<string, unknown>, token?: string): Promise<Envelope<T>>
  post<T = any>(url: string, body?: unknown, token?: string): Promise<Envelope<T>>
  /** Registers (or logs in) a member by phone through the real SMS flow; returns the token. */
  login(phone: string, extra?: Record<string, unknown>): Promise<string>
}

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

let phoneSeq = 0
/** A fresh valid mainland mobile number per call. */
export function nextPhone(): string {
  phoneSeq += 1
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`
}

export async function makeTestApp(
  dialect: TestDialect,
  opts: {
    config?: Partial<Config>
    http?: HttpClient
    seed?: boolean
    serveStatic?: boolean
    logger?: object
    realSms?: SmsVendorOptions
    /** Changes what the modules contribute for this app (a test's extra pricing step, hook or listener). */
    modules?: (composed: Contributions) => Contributions
  } = {},
): Promise<TestApp> {
  let databaseUrl = ''
  let schema = ''
  if (dialect === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`
    const { Client } = require('pg')
    const c = new Client({ connectionString: process.env.TEST_DATABASE_URL })
    await c.connect()
    await c.query(`CREATE SCHEMA ${schema}`)
    await c.end()
    const u = new URL(process.env.TEST_DATABASE_URL as string)
    u.searchParams.set('options', `-c search_path=${schema},public`)
    databaseUrl = u.toString()
  }
  const dataDir = path.join(os.tmpdir(), `mall-test-${crypto.randomBytes(4).toString('hex')}`)
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as any, opts.config)
  const db = createDb({ databaseUrl, sqliteFile: ':memory:', poolSize: 20 })
  await migrateToLatest(db)
  const sms = new RecordingSms()
  // realSms: the shop's configured provider (config.sms) instead of the recording one.
  const { app, ctx } = await buildApp({
    config,
    db,
    logger: opts.logger ?? false,
    sms: opts.realSms ? undefined : sms,
    smsVendor: opts.realSms,
    http: opts.http,
    serveStatic: opts.serveStatic ?? false,
    modules: opts.modules ? opts.modules(installModules()) : undefined,
  })
  await app.ready()
  if (opts.seed) {
    const { seedIfEmpty } = require('../src/db/seed')
    await seedIfEmpty(ctx)
  }
  const headers = (token?: string) => (token ? { token } : {})
  const t: TestApp = {
    app,
    ctx,
    db,
    sms,
    dialect,
    async close() {
      await app.close()
      await db.destroy()
      if (schema) {
        const { Client } = require('pg')
        const c = new Client({ connectionString: process.env.TEST_DATABASE_URL })
        await c.connect()
        await c.query(`DROP SCHEMA ${schema} CASCADE`)
        await c.end()
      }
    },
    async get(url, query = {}, token) {
      const res = await app.inject({ method: 'GET', url: `/h5${url}`, query: { p: '4', ...stringify(query) }, headers: headers(token) })
      return res.json()
    },
    async post(url, body = {}, token) {
      const res = await app.inject({ method: 'POST', url: `/h5${url}?p=3`, payload: body as any, headers: headers(token) })
      return res.json()
    },
    async login(phone, extra = {}) {
      // Tests log in again at once: move earlier codes out of the 60 s cooldown.
      await db
        .updateTable('smsCodes')
        .set({ createdAt: Date.now() - 61_000 })
        .where('phone', '=', phone)
        .execute()
      await app.inject({
        method: 'GET',
        url: '/h5/api/member/getVerificationCode',
        query: { p: '4', phone },
        remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      })
      const code = sms.codes.get(phone)
      if (!code) throw new Error(`no code sent to ${phone}`)
      const res = await t.post('/api/member/phoneRegister', { phone, verificationCode: code, ...extra })
      if (res.code !== 200) throw new Error(`login failed: ${res.msg}`)
      return (res.data as any).token
    },
  }
  return t
}

/** The modules' contributions plus a listener that records every 'refunded' order event in `events` (after the modules' own). */
export const recordingRefunds =
  (events: OrderRefundedEvent[], name = 'test-recorder') =>
  (m: Contributions): Contributions => ({ ...m, orderEvents: [...m.orderEvents, { event: 'refunded', name, fn: async (_tx, e) => void events.push(e) }] })

function stringify(q: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) out[k] = String(v)
  return out
}
