// PostgreSQL becomes unreachable (a TCP proxy in front of it is cut): the API answers a clear envelope error,
// then recovers by itself when the database is back, without a restart.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import { startShopServer, freshPostgres, postgresAvailable, freePort } from '../../bench/lib.mjs'

const available = await postgresAvailable()
let proxy, pg, shop

function startProxy(port) {
  const sockets = new Set()
  const server = net.createServer((client) => {
    const upstream = net.connect(5432, '127.0.0.1')
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        cut: () =>
          new Promise((r) => {
            for (const s of sockets) s.destroy()
            sockets.clear()
            server.close(() => r())
          }),
      }),
    ),
  )
}

before(async () => {
  if (!available) return
  pg = await freshPostgres('mall_fault_db')
  const port = await freePort()
  proxy = await startProxy(port)
  const u = new URL(pg.url)
  u.port = String(port)
  shop = await startShopServer({ DATABASE_URL: u.toString() })
  shop.proxyPort = port
})
after(async () => {
  await shop?.stop()
  await proxy?.cut()
  await pg?.drop()
})

test('database down → clear error; back → recovers by itself', { skip: available ? false : 'PostgreSQL is not reachable on 127.0.0.1:5432' }, async () => {
  // A new keyword every call: the answer must come from the database, never from the read cache.
  let n = 0
  const get = async () => (await fetch(`${shop.base}/h5/api/goods/search?p=4&keyword=${encodeURIComponent(`故障${Date.now()}${n++}`)}`)).json()
  assert.equal((await get()).code, 200)
  await proxy.cut()
  const down = await get()
  assert.equal(down.code, 503)
  assert.equal(down.msg, '服务暂时不可用，请稍后重试')
  proxy = await startProxy(shop.proxyPort)
  let back
  for (let i = 0; i < 40; i++) {
    back = await get()
    if (back.code === 200) break
    await new Promise((r) => setTimeout(r, 250))
  }
  assert.equal(back.code, 200)
})
