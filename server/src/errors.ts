import { ErrorCode } from '../../types/envelope'

/** A refusal the client shows to the user: a product code and a Chinese message. */
export class AppError extends Error {
  constructor(
    public code: number,
    msg: string,
    public data: unknown = {},
  ) {
    super(msg)
  }
}

export const fail = (code: number, msg: string, data?: unknown): never => {
  throw new AppError(code, msg, data)
}

export const badRequest = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)
export const notFound = (msg = '数据不存在') => new AppError(ErrorCode.NOT_FOUND, msg)
export const unauthorized = (msg = '请先登录') => new AppError(ErrorCode.UNAUTHORIZED, msg)

export { ErrorCode }
