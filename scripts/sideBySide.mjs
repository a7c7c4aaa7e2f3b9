// Runs commands a few at a time (lint's and typecheck's steps: each uses one core, the machine has 2). Each command's
// output is printed whole when it ends, so two commands' reports do not interleave, followed by "ok|FAIL <label> Ns".
import { spawn } from 'node:child_process'

/** Runs one command in `cwd`; resolves true when it exits 0. */
function runBuffered({ label, cmd, args }, cwd) {
  const started = Date.now()
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { cwd })
    let out = ''
    c.stdout.on('data', (d) => (out += d))
    c.stderr.on('data', (d) => (out += d))
    c.on('close', (code) => {
      process.stdout.write(out)
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} ${((Date.now() - started) / 1000).toFixed(1)}s`)
      resolve(code === 0)
    })
  })
}

/** Runs `steps` ({label, cmd, args}) at most `lanes` at a time (1: in order); resolves how many passed and failed. */
export async function runSideBySide(steps, { cwd, lanes = 2 }) {
  const queue = [...steps]
  const results = []
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length) results.push(await runBuffered(queue.shift(), cwd))
    }),
  )
  const passed = results.filter(Boolean).length
  return { passed, failed: results.length - passed }
}
