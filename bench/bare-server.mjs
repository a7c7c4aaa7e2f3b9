// The yardstick: a bare Fastify route, no database, no hooks. By default it answers a small envelope; with
// BARE_BODY_FILE it sends that file's bytes as they are (encoded once, the least work any route can do for them),
// so that a catalogue read can be compared with a bare route sending the same answer.
import fs from 'node:fs'
import Fastify from 'fastify'
const app = Fastify({ logger: false })
if (process.env.BARE_BODY_FILE) {
  const bytes = fs.readFileSync(process.env.BARE_BODY_FILE)
  app.get('/h5/bare', (request, reply) => {
    reply.type('application/json; charset=utf-8').send(bytes)
  })
} else app.get('/h5/bare', async () => ({ code: 200, msg: '成功', data: { id: 1, name: '碎花连衣裙', price: 12990 } }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
