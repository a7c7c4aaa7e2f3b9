import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { cachedSelfList } from './service'
import { readCache } from '../../services/readCache'

export default async function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  const cache = readCache(ctx.db, ctx.config.readCacheMs)
  app.get('/api/home/selfList', {
    config: { auth: 'optional' },
    // The same for everyone: one computation serves every caller until a write (services/readCache.ts).
    handler: async () => cachedSelfList(ctx.db, cache),
  })
}
