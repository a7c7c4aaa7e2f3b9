// Uploads on S3-compatible storage (STORAGE=s3), against a local s3rver: the same content sniffing and size
// limits as on the local disk, the file in the bucket, and /uploads/<key> redirecting to a signed or a public URL.
import crypto from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { SignatureV4 } from '@smithy/signature-v4'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { presignGet, type S3Settings } from '../src/services/storage'
// The AWS SDK's own signer (a dependency of @aws-sdk/client-s3), to check ours against.
import { MP4, PNG, multipart } from './uploadFixtures'
const S3rver = require('s3rver')

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })

let s3: any
let settings: S3Settings
let client: S3Client
beforeAll(async () => {
  const port = await freePort()
  const bucket = 'mall-uploads'
  s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: path.join(os.tmpdir(), `s3rver-${crypto.randomBytes(4).toString('hex')}`), configureBuckets: [{ name: bucket, configs: [] }] })
  await s3.run()
  // s3rver's own credentials.
  settings = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', publicUrl: '', urlTtlSeconds: 600 }
  client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
})
afterAll(async () => {
  client?.destroy()
  await s3?.close()
})

const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }))).Contents || []).map((o) => o.Key).sort()

describe.each(DIALECTS)('uploads on S3-compatible storage on %s', (dialect) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await makeTestApp(dialect, { serveStatic: true, config: { uploadMaxImageBytes: 1024, uploadMaxVideoBytes: 2048, storage: { kind: 's3', ...settings } } })
    token = await t.login(nextPhone())
  })
  afterAll(async () => t.close())

  const send = (filename: string, content: Buffer, mime?: string) => {
    const m = multipart(filename, content, mime)
    return t.app.inject({ method: 'POST', url: '/h5/api/upload?p=3', payload: m.body, headers: { ...m.headers, token } }).then((r) => r.json())
  }

  it("stores an image in the bucket under the path the API answers, recorded as the member's", async () => {
    const res = await send('photo.jpg', PNG)
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({ kind: 'image', mime: 'image/png', size: PNG.length })
    expect(res.data.url).toMatch(/^\/uploads\/\d{6}\/[0-9a-f]{24}\.png$/)
    const key = res.data.url.slice('/uploads/'.length)
    const obj = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }))
    expect(obj.ContentType).toBe('image/png')
    expect(Buffer.from(await obj.Body!.transformToByteArray())).toEqual(PNG)
    const row = await t.db.selectFrom('uploads').selectAll().where('path', '=', res.data.url).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ kind: 'image', size: PNG.length })
  })

  it('redirects /uploads/<key> to a signed URL of the bucket (s3rver does not check V4 signatures: the signature is checked against the AWS SDK signer below)', async () => {
    const res = await send('clip.mp4', MP4)
    expect(res.data).toMatchObject({ kind: 'video', mime: 'video/mp4' })
    const r = await t.app.inject({ method: 'GET', url: res.data.url })
    expect(r.statusCode).toBe(302)
    const signed = String(r.headers.location)
    expect(signed).toContain(`${settings.endpoint}/${settings.bucket}/`)
    expect(signed).toContain('X-Amz-Signature=')
    const got = await fetch(signed)
    expect(got.status).toBe(200)
    expect(Buffer.from(await got.arrayBuffer())).toEqual(MP4)
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404)
  })

  it('refuses by content and by size without storing anything', async () => {
    const before = await keys()
    expect(await send('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png')).toMatchObject({ code: 1010, msg: '仅支持上传图片或视频' })
    expect((await send('big.png', Buffer.concat([PNG, Buffer.alloc(2000)]))).code).toBe(1010)
    expect((await send('big.mp4', Buffer.concat([MP4, Buffer.alloc(3000)]))).code).toBe(1010)
    expect(await keys()).toEqual(before)
  })
})

describe('uploads on S3 with a public URL', () => {
  it('redirects to S3_PUBLIC_URL/<key>', async () => {
    const t = await makeTestApp('sqlite', { serveStatic: true, config: { storage: { kind: 's3', ...settings, publicUrl: 'https://cdn.example.com/shop/' } } })
    try {
      const token = await t.login(nextPhone())
      const m = multipart('a.png', PNG)
      const res = (await t.app.inject({ method: 'POST', url: '/h5/api/upload?p=3', payload: m.body, headers: { ...m.headers, token } })).json()
      const r = await t.app.inject({ method: 'GET', url: res.data.url })
      expect(r.statusCode).toBe(302)
      expect(r.headers.location).toBe(`https://cdn.example.com/shop/${res.data.url.slice('/uploads/'.length)}`)
    } finally {
      await t.close()
    }
  })

  it('signs exactly like the AWS SDK Signature V4 signer (a presigned GET, path-style, unsigned payload)', async () => {
    const cfg: S3Settings = {
      endpoint: 'http://127.0.0.1:4569',
      region: 'cn-north-1',
      bucket: 'mall-uploads',
      accessKey: 'AKIDEXAMPLE',
      secretKey: 'wJalr/K7MDENG+bPxRfiCY',
      publicUrl: '',
      urlTtlSeconds: 600,
    }
    const when = new Date('2026-11-24T08:00:00Z')
    const signer = new SignatureV4({
      service: 's3',
      region: cfg.region,
      credentials: { accessKeyId: cfg.accessKey, secretAccessKey: cfg.secretKey },
      sha256: NodeSha256,
      uriEscapePath: false,
      applyChecksum: false,
    })
    for (const key of ['202611/0123abcd.png', '202611/with space+plus.mp4']) {
      const path = `/${cfg.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
      const req = { method: 'GET', protocol: 'http:', hostname: '127.0.0.1', port: 4569, path, query: {}, headers: { host: '127.0.0.1:4569', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } }
      const sdk = await signer.presign(req, { expiresIn: 600, signingDate: when, unhoistableHeaders: new Set(['x-amz-content-sha256']), unsignableHeaders: new Set(['x-amz-content-sha256']) })
      const ours = new URL(presignGet(cfg, key, when))
      expect(ours.pathname).toBe(path)
      expect(Object.fromEntries(ours.searchParams)).toEqual(sdk.query)
    }
  })
})

/** The hash the SDK's signer takes (node's crypto). */
type Bytes = string | ArrayBuffer | ArrayBufferView
const bytes = (d: Bytes) => (typeof d === 'string' ? d : ArrayBuffer.isView(d) ? Buffer.from(d.buffer, d.byteOffset, d.byteLength) : Buffer.from(d))
class NodeSha256 {
  private h: crypto.Hash | crypto.Hmac
  constructor(secret?: Bytes) {
    this.h = secret ? crypto.createHmac('sha256', bytes(secret)) : crypto.createHash('sha256')
  }
  update(d: Bytes) {
    this.h.update(bytes(d))
  }
  async digest() {
    return new Uint8Array(this.h.digest())
  }
}
