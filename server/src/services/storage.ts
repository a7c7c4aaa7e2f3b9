import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'

/**
 * Where uploaded files live (docs/deploy.md, "Uploads"). Every file has a key such as `202611/<random>.png`; the
 * database and the API name it by its path `/uploads/<key>` whatever the storage, so a second instance finds what
 * the first stored once the storage is shared:
 * - local (default): the files under DATA_DIR/uploads, served by the server itself (one instance, or a shared disk);
 * - s3 (STORAGE=s3): an S3-compatible bucket (AWS S3, Tencent COS, Aliyun OSS, MinIO). GET /uploads/<key> answers
 *   with a redirect to S3_PUBLIC_URL/<key> when set (a public bucket or a CDN), else to a signed URL valid
 *   S3_URL_TTL seconds (a private bucket).
 */
export interface Storage {
  kind: 'local' | 's3'
  /** Stores one file under its key. */
  put(key: string, body: Buffer, mime: string): Promise<void>
  /** Where a browser fetches the file: null when the server serves it itself (local disk). */
  urlFor(key: string): string | null
  close(): void
}

export const UPLOAD_PREFIX = '/uploads/'
/** The path the API and the database use for a key. */
export const uploadPath = (key: string) => `${UPLOAD_PREFIX}${key}`

export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(path.join(config.dataDir, 'uploads'))
}

export function localStorage(root: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      const file = path.join(root, key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      await fs.promises.writeFile(file, body)
    },
    urlFor: () => null,
    close() {},
  }
}

export interface S3Settings {
  endpoint: string
  region: string
  bucket: string
  accessKey: string
  secretKey: string
  /** Public base URL of the bucket (or its CDN); empty: signed URLs. */
  publicUrl: string
  /** Lifetime of a signed URL, seconds. */
  urlTtlSeconds: number
}

export function s3Storage(s: S3Settings): Storage {
  const missing = (['bucket', 'accessKey', 'secretKey'] as const).filter((k) => !s[k])
  if (missing.length) throw new Error(`STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY (missing: ${missing.join(', ')})`)
  // Loaded only when configured: the local default does not pay for the AWS SDK at start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when STORAGE=s3
  const { S3Client, PutObjectCommand } = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3')
  const client = new S3Client({
    endpoint: s.endpoint || undefined,
    region: s.region,
    credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
    // Path-style addressing (endpoint/bucket/key) works with every S3-compatible server, MinIO included.
    forcePathStyle: true,
  })
  return {
    kind: 's3',
    async put(key, body, mime) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: body, ContentType: mime, CacheControl: 'public, max-age=604800, immutable' }))
    },
    urlFor: (key) => (s.publicUrl ? `${s.publicUrl.replace(/\/+$/, '')}/${encodeKey(key)}` : presignGet(s, key)),
    close: () => client.destroy(),
  }
}

/** RFC 3986 encoding of each path segment, as SigV4 wants it. */
const rfc3986 = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
const encodeKey = (key: string) => key.split('/').map(rfc3986).join('/')
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest()
const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex')

/** A GET URL signed with AWS Signature V4 in the query string (path-style), valid s.urlTtlSeconds. */
export function presignGet(s: S3Settings, key: string, now = new Date()): string {
  const base = new URL(s.endpoint || `https://s3.${s.region}.amazonaws.com`)
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const day = amzDate.slice(0, 8)
  const scope = `${day}/${s.region}/s3/aws4_request`
  const uri = `${base.pathname.replace(/\/+$/, '')}/${rfc3986(s.bucket)}/${encodeKey(key)}`
  const query: Array<[string, string]> = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${s.accessKey}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(s.urlTtlSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
  ]
  const canonicalQuery = query
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&')
  const canonicalRequest = ['GET', uri, canonicalQuery, `host:${base.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n')
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n')
  const signingKey = ['s3', 'aws4_request'].reduce((k, part) => hmac(k, part), hmac(hmac(`AWS4${s.secretKey}`, day), s.region))
  const signature = crypto.createHmac('sha256', signingKey).update(toSign).digest('hex')
  return `${base.protocol}//${base.host}${uri}?${canonicalQuery}&X-Amz-Signature=${signature}`
}
