// SIGKILL in the middle of a burst of order submissions and payments, then a restart on the same database:
// no half-written order, stock + units held by live orders unchanged, every paid order has exactly one payment.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, freePort, waitFor, freshPostgres, postgresAvailable } from '../../bench/lib.mjs'

const MEMBERS = 16

function start(env) {
  const log = []
  // node --import tsx: one process, so SIGKILL hits the server itself (the tsx launcher would leave its child running).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => log.push(String(d)))
  child.stderr.on('data', (d) => log.push(String(d)))
  return { child, log }
}

async function api(base, method, url, body, token) {
  const r = await fetch(`${base}/h5${url}${url.includes('?') ? '&' : '?'}p=${method === 'GET' ? 4 : 3}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body || {}),
  })
  return r.json()
}

async function login(base, log, phone) {
  await api(base, 'GET', `/api/member/getVerificationCode?phone=${phone}`)
  let code
  for (let i = 0; i < 50 && !code; i++) {
    code = [...log.join('').matchAll(new RegExp(`sms code (\\d{6}) for ${phone}`, 'g'))].pop()?.[1]
    if (!code) await new Promise((r) => setTimeout(r, 100))
  }
  return (await api(base, 'POST', '/api/member/phoneRegister', { phone, verificationCode: code })).data.token
}

/** Runs SQL against the shop's database (SQLite file or PostgreSQL). */
async function openDb(env) {
  if (env.DATABASE_URL) {
    const { default: pg } = await import('pg')
    const c = new pg.Client({ connectionString: env.DATABASE_URL })
    await c.connect()
    const numbered = (q) => {
      let i = 0
      return q.replace(/\?/g, () => `$${++i}`)
    }
    return { all: async (q, p = []) => (await c.query(numbered(q), p)).rows, close: () => c.end() }
  }
  const { default: Database } = await import('better-sqlite3')
  const d = new Database(path.join(env.DATA_DIR, 'mall.sqlite'))
  const exec = (q, p) => {
    const st = d.prepare(q)
    return st.reader ? st.all(...p) : (st.run(...p), [])
  }
  return { all: async (q, p = []) => exec(q, p), close: async () => d.close() }
}

async function held(db, skuId) {
  const [s] = await db.all('SELECT stock FROM goods_skus WHERE id = ?', [skuId])
  const [h] = await db.all("SELECT coalesce(sum(i.quantity), 0) AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.sku_id = ? AND o.status <> 'cancelled'", [skuId])
  return Number(s.stock) + Number(h.n)
}

async function scenario(label, env) {
  const servers = []
  try {
    return await burstKillRestart(label, env, servers)
  } finally {
    // Whatever failed, no server of this test outlives it.
    for (const c of servers) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  }
}

async function burstKillRestart(label, env, servers) {
  const port = await freePort()
  env = { ...env, PORT: String(port) }
  const base = `http://127.0.0.1:${port}`
  let s = start(env)
  servers.push(s.child)
  await waitFor(`${base}/h5/api/member/loginStatus?p=4`, s.child)
  const tokens = []
  for (let i = 0; i < MEMBERS; i++) tokens.push(await login(base, s.log, `135${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(2, '0')}`))
  for (const t of tokens)
    await api(base, 'POST', '/api/memberAddress/add', { name: '测试', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 1 号', isDefault: true }, t)
  const search = await api(base, 'GET', `/api/goods/search?keyword=${encodeURIComponent('连衣')}&page=1&pageSize=5`)
  const detail = await api(base, 'GET', `/api/goods/detail?id=${search.data.list[0].id}`)
  const sku = detail.data.skus.find((k) => k.stock >= 40)
  const spare = detail.data.skus.find((k) => k.stock > 0 && k.id !== sku?.id)
  assert.ok(sku && spare, 'SKUs with stock')
  // Plenty of stock, so the kill lands while orders are still being written and paid.
  let db = await openDb(env)
  await db.all('UPDATE goods_skus SET stock = 5000 WHERE id = ?', [sku.id])
  const before = await held(db, sku.id)
  await db.close()

  // The burst: every member submits and pays in a loop until the server dies.
  let submitted = 0
  let paid = 0
  const loops = tokens.map(async (t, i) => {
    for (let n = 0; n < 50; n++) {
      try {
        const o = await api(base, 'POST', '/api/order/submit', { from: 'buyNow', skuId: sku.id, quantity: 1, requestId: `kill${i}x${n}x${Date.now()}` }, t)
        if (o.code !== 200) continue
        submitted++
        const p = await api(base, 'POST', '/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, t)
        if (p.code !== 200) continue
        const c = await api(base, 'POST', '/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, t)
        if (c.code === 200) paid++
      } catch {
        return // the server is gone
      }
    }
  })
  for (let i = 0; i < 300 && submitted < 40; i++) await new Promise((r) => setTimeout(r, 50))
  s.child.kill('SIGKILL')
  const atKill = { submitted, paid }
  await Promise.all(loops)
  await new Promise((r) => (s.child.exitCode !== null || s.child.signalCode ? r() : s.child.on('exit', r)))
  assert.ok(submitted > 0, `${label}: orders were being submitted when the server was killed`)

  s = start(env)
  servers.push(s.child)
  await waitFor(`${base}/h5/api/member/loginStatus?p=4`, s.child)
  db = await openDb(env)
  try {
    const burst = `o.member_id IN (SELECT id FROM members WHERE phone LIKE '135%')`
    const broken = await db.all(
      `SELECT o.order_no FROM orders o LEFT JOIN order_items i ON i.order_id = o.id WHERE ${burst} GROUP BY o.id, o.order_no, o.goods_amount HAVING count(i.id) = 0 OR sum(i.amount) <> o.goods_amount`,
    )
    assert.deepEqual(broken, [], `${label}: half-written orders`)
    assert.equal(await held(db, sku.id), before, `${label}: stock + units held by live orders must equal the initial stock`)
    const payments = await db.all(`SELECT o.order_no, o.paid_at, (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'paid') AS n FROM orders o WHERE ${burst}`)
    const wrong = payments.filter((r) => (r.paid_at ? Number(r.n) !== 1 : Number(r.n) !== 0))
    assert.deepEqual(wrong, [], `${label}: every paid order has exactly one payment, an unpaid one none`)
    // The burst may have sold the SKU out: the restarted server must take an order for another one.
    const after = await api(base, 'POST', '/api/order/submit', { from: 'buyNow', skuId: spare.id, quantity: 1, requestId: `after${Date.now()}` }, tokens[0])
    assert.equal(after.code, 200, `${label}: the restarted server takes orders`)
    return atKill
  } finally {
    await db.close()
    s.child.kill('SIGTERM')
    await new Promise((r) => (s.child.exitCode !== null ? r() : s.child.on('exit', r)))
  }
}

test('SIGKILL mid-burst on SQLite', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-kill-'))
  try {
    const r = await scenario('SQLite', { DATA_DIR: dataDir, DATABASE_URL: '', H5_DIR: path.join(dataDir, 'none') })
    console.log(`SQLite: ${r.submitted} orders submitted, ${r.paid} paid when the server was killed`)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

test('SIGKILL mid-burst on PostgreSQL', { skip: (await postgresAvailable()) ? false : 'PostgreSQL is not reachable' }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-kill-'))
  const pg = await freshPostgres('mall_fault_kill')
  try {
    const r = await scenario('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: pg.url, H5_DIR: path.join(dataDir, 'none') })
    console.log(`PostgreSQL: ${r.submitted} orders submitted, ${r.paid} paid when the server was killed`)
  } finally {
    await pg.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
