import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { Db } from './db/types'
import type { SmsProvider } from './modules/member/sms'
import type { Contributions } from './modules/contributions'
import type { Metrics } from './services/metrics'
import type { Storage } from './services/storage'

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
  /** Prometheus metrics of this app (services/metrics.ts). */
  metrics: Metrics
  /** Where uploads are stored: the local disk or an S3-compatible bucket (services/storage.ts). */
  storage: Storage
  /** What the modules contribute to each other's flows (pricing steps, order hooks...): installModules(), modules/index.ts. */
  modules: Contributions
}

export interface HttpClient {
  getJson(url: string): Promise<any>
  /**
   * POST JSON. A string body is sent exactly as given (WeChat Pay signs the exact bytes); `headers` are added
   * to content-type: application/json. Response header names are lower case; `body` is the parsed JSON or null.
   */
  postJson(url: string, body: unknown, headers?: Record<string, string>): Promise<HttpAnswer>
  /** Any method with headers (WeChat Pay's signed GETs, bill downloads); the answer as postJson's. */
  request(method: 'GET' | 'POST', url: string, opts?: { headers?: Record<string, string>; body?: string }): Promise<HttpAnswer>
}

export interface HttpAnswer {
  status: number
  headers: Record<string, string>
  body: any
  raw: Buffer
}

export interface Cache {
  get(key: string): Promise<string | null>
  set(key: string, value: string, ttlSeconds: number): Promise<void>
}
