// What npm test needs outside npm, checked before any suite runs (scripts/test.mjs): Debian's Chromium and a CJK font
// for the end-to-end suite, PostgreSQL when TEST_DATABASE_URL is set, Redis when TEST_REDIS_URL is set. Installed or
// started when this process can (as root, the way .ci/run does); otherwise npm test stops at once and prints the
// exact command to run, instead of failing deep inside a suite.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0
const sh = (cmd) => spawnSync('sh', ['-c', cmd], { stdio: 'inherit' }).status === 0
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const isLocal = (host) => ['127.0.0.1', 'localhost', '::1', ''].includes(host)

/** Opens a TCP connection and, for Redis, sends PING; resolves true when the service answers. */
function answers(host, port, probe) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port })
    const done = (ok) => (s.destroy(), resolve(ok))
    s.setTimeout(2000, () => done(false))
    s.on('error', () => done(false))
    s.on('connect', () => {
      if (!probe) return done(true)
      s.write(probe)
      s.once('data', (d) => done(/^\+PONG/.test(String(d))))
    })
  })
}

async function postgresAnswers(url, root) {
  const pg = createRequire(path.join(root, 'package.json'))('pg')
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await c.connect()
    await c.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

const chromiumPath = () => process.env.CHROME_PATH || '/usr/bin/chromium'
const cjkFont = () => spawnSync('sh', ['-c', "fc-list 2>/dev/null | grep -qi 'wqy\\|noto.*cjk'"]).status === 0

/**
 * Returns null when everything the chosen suites need is there (after installing or starting what it could),
 * else { what, command }: what is missing and the command that fixes it.
 */
export async function checkPrerequisites(root, suites) {
  const wants = (name) => suites.includes(name)
  if (!fs.existsSync(path.join(root, 'node_modules', 'jest'))) return { what: 'the npm packages are not installed', command: 'npm install' }

  if (wants('e2e') && (!fs.existsSync(chromiumPath()) || !cjkFont())) {
    const install = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-wqy-microhei'
    if (isRoot && has('apt-get')) {
      console.log("prerequisites: installing Debian's Chromium and the CJK font fonts-wqy-microhei…")
      sh(install)
    }
    if (!fs.existsSync(chromiumPath())) return { what: `Chromium is missing (${chromiumPath()}; the end-to-end suite runs the H5 build in it)`, command: `sudo sh -c '${install}'` }
    if (!cjkFont()) return { what: 'no CJK font (fonts-wqy-microhei): screenshots and the end-to-end suite draw Chinese text', command: `sudo sh -c '${install}'` }
  }

  const pgUrl = process.env.TEST_DATABASE_URL
  if (pgUrl && (wants('server') || wants('faults'))) {
    const u = new URL(pgUrl)
    if (!(await postgresAnswers(pgUrl, root))) {
      const version = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql').sort().pop() : ''
      const start = version
        ? `pg_ctlcluster --skip-systemctl-redirect ${version} main start`
        : 'apt-get install -y postgresql && pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -1)" main start'
      if (isRoot && isLocal(u.hostname) && version && has('pg_ctlcluster')) {
        console.log(`prerequisites: starting PostgreSQL ${version}…`)
        sh(start)
        for (let i = 0; i < 30 && !(await postgresAnswers(pgUrl, root)); i++) await sleep(1000)
      }
      if (!(await postgresAnswers(pgUrl, root))) {
        return {
          what: `PostgreSQL does not answer at TEST_DATABASE_URL (${u.host}${u.pathname}); unset TEST_DATABASE_URL to run the server suite on SQLite only`,
          command: isLocal(u.hostname) ? `sudo ${start}` : `check that ${u.host} is reachable`,
        }
      }
    }
  }

  const redisUrl = process.env.TEST_REDIS_URL
  if (redisUrl && wants('server')) {
    const u = new URL(redisUrl)
    const port = Number(u.port || 6379)
    if (!(await answers(u.hostname, port, 'PING\r\n'))) {
      const start = `redis-server --daemonize yes --bind 127.0.0.1 -::1 --port ${port} --save "" --appendonly no`
      if (isRoot && isLocal(u.hostname) && has('redis-server')) {
        console.log('prerequisites: starting Redis…')
        sh(start)
        for (let i = 0; i < 20 && !(await answers(u.hostname, port, 'PING\r\n')); i++) await sleep(500)
      }
      if (!(await answers(u.hostname, port, 'PING\r\n'))) {
        return {
          what: `Redis does not answer at TEST_REDIS_URL (${u.host}); unset TEST_REDIS_URL to skip the Redis gate tests`,
          command: isLocal(u.hostname) ? (has('redis-server') ? start : `sudo apt-get install -y redis-server && ${start}`) : `check that ${u.host} is reachable`,
        }
      }
    }
  }
  return null
}
