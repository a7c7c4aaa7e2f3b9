import type { FastifyInstance } from 'fastify'

const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-DNS-Prefetch-Control': 'off',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** Safe headers by default (what helmet would set for an API and a single-page app). */
export function securityHeaders(app: FastifyInstance) {
  // Callback style: it runs on every response, and an async hook costs a promise each time.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(SAFE_HEADERS)
    reply.removeHeader('X-Powered-By')
    done(null, payload)
  })
}
