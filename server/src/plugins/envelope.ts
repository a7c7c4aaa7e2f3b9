import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { AppError, ErrorCode } from '../errors'
import { schemaErrorMessage } from './schema'
import { isDatabaseUnavailable } from './dbErrors'
import { sharedSuccessBody } from '../services/readCache'

const RAW = Symbol.for('mall.rawEnvelope')

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A gateway callback (payment notify): exempt from the p parameter rule; the route answers in the gateway's format. */
    rawWire?: boolean
  }
}

/** Marks a handler result as a complete envelope (loginStatus returns the raw envelope). */
export const rawEnvelope = (code: number, msg: string, data: unknown = {}) => ({ [RAW]: true, code, msg, data })

/**
 * The envelope for every /h5 route: handlers return data, this wraps it as { code: 200, msg, data };
 * refusals become { code, msg, data } with HTTP 200. No stack trace ever leaves the server.
 */
export interface EnvelopeOptions {
  /** The shop's wire rule (p=4 on GET, p=3 on POST); the console's API does not use it. Default true. */
  wireP?: boolean
  /** Turns a schema refusal into the Chinese message (default: the shop's). */
  validationMessage?: (errors: any[], dataVar: string, req: FastifyRequest) => string
}

export function envelopePlugin(app: FastifyInstance, opts: EnvelopeOptions = {}) {
  const validationMessage = opts.validationMessage || schemaErrorMessage
  // JSON.stringify, except that a success whose `data` came from a read cache is sent as the bytes made once for it.
  app.setReplySerializer((payload: any) => {
    if (payload && payload.code === 200 && payload.msg === '成功' && Object.keys(payload).length === 3) {
      const body = sharedSuccessBody(payload.data)
      if (body) return body as unknown as string // Fastify sends a Buffer as it is
    }
    return JSON.stringify(payload)
  })
  // Hooks in callback style: they run on every request, and an async hook costs a promise each time.
  app.addHook('preSerialization', (_req, reply, payload: any, done) => {
    if (reply.statusCode !== 200) return done(null, payload)
    if (payload && payload[RAW]) return done(null, { code: payload.code, msg: payload.msg, data: payload.data })
    if (payload && typeof payload === 'object' && 'code' in payload && 'msg' in payload && reply.getHeader('x-envelope') === '1') return done(null, payload)
    done(null, { code: 200, msg: '成功', data: payload ?? {} })
  })

  app.setErrorHandler((err: any, req: FastifyRequest, reply: FastifyReply) => {
    reply.status(200).header('x-envelope', '1')
    if (err instanceof AppError) return reply.send({ code: err.code, msg: err.message, data: err.data ?? {} })
    if (err.validation) {
      // The field and the rule go to the log; the shopper reads a plain message (schema.ts).
      const e = err.validation[0] || {}
      req.log.info({ badInput: { part: err.validationContext, path: e.instancePath, keyword: e.keyword, params: e.params, message: e.message } }, 'bad input refused')
      return reply.send({ code: ErrorCode.BAD_REQUEST, msg: validationMessage(err.validation, err.validationContext, req), data: {} })
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.send({ code: ErrorCode.BAD_REQUEST, msg: '不支持的请求格式', data: {} })
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError || err.statusCode === 400) {
      return reply.send({ code: ErrorCode.BAD_REQUEST, msg: '请求格式错误', data: {} })
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.send({ code: ErrorCode.UPLOAD_REFUSED, msg: '内容过大', data: {} })
    }
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      return reply.send({ code: ErrorCode.UPLOAD_REFUSED, msg: '上传内容无效', data: {} })
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err: { message: err.message, code: err.code } }, 'database unavailable')
      return reply.send({ code: ErrorCode.UNAVAILABLE, msg: '服务暂时不可用，请稍后重试', data: {} })
    }
    req.log.error({ err }, 'unhandled error')
    return reply.send({ code: ErrorCode.SERVER_ERROR, msg: '服务繁忙，请稍后重试', data: {} })
  })

  const wireP = opts.wireP !== false
  app.setNotFoundHandler((req, reply) => {
    reply.status(200).header('x-envelope', '1')
    // An unknown path is held to the wire rule first, as a route is.
    if (wireP && !wirePKept(req)) return reply.send({ code: ErrorCode.BAD_REQUEST, msg: WIRE_P_MSG, data: {} })
    reply.send({ code: ErrorCode.NOT_FOUND, msg: '接口不存在', data: {} })
  })

  if (!wireP) return
  // The rule belongs to the route (gateway callbacks marked rawWire are exempt): its own onRequest hook, decided when
  // the route is declared, instead of a look at the route's options on every request.
  app.addHook('onRoute', (r) => {
    if ((r.config as { rawWire?: boolean } | undefined)?.rawWire) return
    r.onRequest = [...([] as onRequestHookHandler[]).concat(r.onRequest || []), wirePHook]
  })
}

const WIRE_P_MSG = '请求参数有误，请刷新后重试'

/** The wire rule: every GET carries p=4, every POST p=3 (the refusal is logged with what came). */
function wirePKept(req: FastifyRequest): boolean {
  const p = (req.query as any)?.p
  const expected = req.method === 'GET' || req.method === 'HEAD' ? '4' : '3'
  if (p === expected) return true
  req.log.info({ badInput: { part: 'querystring', path: '/p', expected, got: String(p ?? '').slice(0, 20) } }, 'bad input refused')
  return false
}

const wirePHook: onRequestHookHandler = function wireP(req, _reply, done) {
  if (wirePKept(req)) return done()
  done(new AppError(ErrorCode.BAD_REQUEST, WIRE_P_MSG))
}
