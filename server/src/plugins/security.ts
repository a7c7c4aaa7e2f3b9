import type { FastifyInstance } from 'fastify'

/** Safe headers by default (what helmet would set for an API and a single-page app). */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('X-Frame-Options', 'SAMEORIGIN')
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    reply.header('X-DNS-Prefetch-Control', 'off')
    reply.header('Cross-Origin-Opener-Policy', 'same-origin')
    reply.removeHeader('X-Powered-By')
    return payload
  })
}
