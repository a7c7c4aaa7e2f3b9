import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions } from 'pino'

/** What the request logger needs of its parent: a pino logger (its level as a number and the levels' values). */
interface PinoParent extends FastifyBaseLogger {
  levelVal: number
  levels: { values: Record<string, number> }
  isLevelEnabled(level: string): boolean
}

const isPino = (logger: FastifyBaseLogger): logger is PinoParent => typeof (logger as Partial<PinoParent>).levelVal === 'number' && !!(logger as Partial<PinoParent>).levels?.values

type LogArgs = Parameters<FastifyBaseLogger['info']>

/**
 * The logger of one request (req.log, reply.log): the pino child with the request id, made when the request first
 * writes a line at an enabled level. pino makes a child by serialising its bindings through the redaction paths
 * (LOG_REDACT's wildcards visit every key): a measured share of a refused flash-sale attempt (docs/BENCHMARKS.md),
 * for a logger that most requests never write to (the completion line is at info, the production level warn).
 */
class RequestLogger {
  private real: FastifyBaseLogger | null = null

  constructor(
    private readonly parent: PinoParent,
    private readonly childBindings: Bindings,
    private readonly childOptions: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.childBindings, this.childOptions))
  }

  /** As the child would answer: the route's own level (logLevel), else the parent's. */
  isLevelEnabled(level: string): boolean {
    if (this.real) return (this.real as PinoParent).isLevelEnabled(level)
    const values = this.parent.levels.values
    const threshold = this.childOptions.level ? values[this.childOptions.level] : this.parent.levelVal
    return threshold !== undefined && values[level] !== undefined && values[level] >= threshold
  }

  get level() {
    return this.real ? this.real.level : this.childOptions.level || this.parent.level
  }
  set level(level: string) {
    this.logger.level = level
  }

  trace(...args: LogArgs) {
    if (this.isLevelEnabled('trace')) this.logger.trace(...args)
  }
  debug(...args: LogArgs) {
    if (this.isLevelEnabled('debug')) this.logger.debug(...args)
  }
  info(...args: LogArgs) {
    if (this.isLevelEnabled('info')) this.logger.info(...args)
  }
  warn(...args: LogArgs) {
    if (this.isLevelEnabled('warn')) this.logger.warn(...args)
  }
  error(...args: LogArgs) {
    if (this.isLevelEnabled('error')) this.logger.error(...args)
  }
  fatal(...args: LogArgs) {
    if (this.isLevelEnabled('fatal')) this.logger.fatal(...args)
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }
  bindings(): Bindings {
    return (this.logger as FastifyBaseLogger & { bindings(): Bindings }).bindings()
  }
}

/** Fastify's childLoggerFactory: a RequestLogger over a pino logger, pino's own child for any other logger. */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (!isPino(logger)) return logger.child(bindings, options)
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger
}
