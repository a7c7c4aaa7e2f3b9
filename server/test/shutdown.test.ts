// Graceful shutdown (server/src/main.ts): on SIGTERM the server stops accepting connections, finishes the
// request in flight, stops its jobs, closes the database and exits 0.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createDb } from '../src/db'
import { migrateToLatest } from '../src/db/migrate'

const root = path.resolve(__dirname, '..', '..')

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })

describe('graceful shutdown', () => {
  it('finishes the request in flight after SIGTERM, refuses new connections, exits 0', async () => {
    // A database with one member: the server starts without seeding the demo shop.
    const dataDir = path.join(os.tmpdir(), `mall-shutdown-${crypto.randomBytes(4).toString('hex')}`)
    const db = createDb({ sqliteFile: path.join(dataDir, 'mall.sqlite') })
    await migrateToLatest(db)
    await db.insertInto('members').values({ phone: '13900000000', nickname: 'x', avatar: '', gender: 0, points: 0, status: 'active', createdAt: Date.now(), updatedAt: Date.now() }).execute()
    await db.destroy()

    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let log = ''
    child.stdout.on('data', (d) => (log += d))
    child.stderr.on('data', (d) => (log += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      for (let i = 0; i < 600 && !log.includes('shop ready'); i++) await new Promise((r) => setTimeout(r, 100))
      expect(log).toContain('shop ready')

      // A slow request: headers and half of the body now, the rest after the SIGTERM.
      let refused: boolean | undefined
      const body = JSON.stringify({ bUid: '1', page: 'pages/home/index', visitorKey: 'shutdown-test' })
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, method: 'POST', path: '/h5/api/business/visit?p=3', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            let text = ''
            res.on('data', (d) => (text += d))
            res.on('end', () => resolve({ status: res.statusCode || 0, body: text }))
          },
        )
        req.on('error', reject)
        req.write(body.slice(0, 10))
        setTimeout(() => {
          child.kill('SIGTERM')
          setTimeout(async () => {
            // While closing, the server takes no new connection.
            refused = await new Promise<boolean>((r) => {
              const s = net.connect(port, '127.0.0.1')
              s.on('connect', () => (s.destroy(), r(false)))
              s.on('error', () => r(true))
            })
            req.end(body.slice(10))
          }, 700)
        }, 300)
      })
      const res = await answer
      expect(res.status).toBe(200)
      expect(typeof JSON.parse(res.body).code).toBe('number')
      expect(refused).toBe(true)
      expect(await exited).toBe(0)
      expect(log).toContain('shutting down')
      expect(log).toContain('shut down')
    } finally {
      child.kill('SIGKILL')
    }
  }, 90_000)
})
