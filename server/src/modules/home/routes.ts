import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { selfList } from './service'

export default async function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/home/selfList', {
    config: { auth: 'optional' },
    handler: async () => selfList(ctx.db),
  })
}
