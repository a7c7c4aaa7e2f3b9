import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { Db } from './db/types'
import type { SmsProvider } from './modules/member/sms'

/** What every module's routes receive: configuration, the database and the outside-world adapters. */
export interface AppContext {
  config: Config
  db: Db
  log: FastifyBaseLogger
  sms: SmsProvider
  /** Outbound HTTP (WeChat's API); tests replace it with a recorded fake. */
  http: HttpClient
  /** Shared key-value cache (Redis when REDIS_URL is set, else the database). */
  cache: Cache
}

export interface HttpClient {
  getJson(url: string): Promise<any>
  postJson(url: string, body: unknown): Promise<{ status: number; headers: Record<string, string>; body: any; raw: Buffer }>
}

export interface Cache {
  get(key: string): Promise<string | null>
  set(key: string, value: string, ttlSeconds: number): Promise<void>
}
