// The yardstick: a bare Fastify route answering a small envelope, no database.
import Fastify from 'fastify'
const app = Fastify({ logger: false })
app.get('/h5/bare', async () => ({ code: 200, msg: '成功', data: { id: 1, name: '碎花连衣裙', price: 12990 } }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
