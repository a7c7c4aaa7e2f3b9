/**
 * Messages and confirmations drawn inside the console's theme (antd's App context), callable from any
 * handler: `toast.success('已保存')`, `await run(api.x(), '已发货')`.
 */
import type { MessageInstance } from 'antd/es/message/interface'
import type { ModalStaticFunctions } from 'antd/es/modal/confirm'
import { ApiError } from './request'

let message: MessageInstance | null = null
let modal: Omit<ModalStaticFunctions, 'warn'> | null = null
export function bindFeedback(m: MessageInstance, md: Omit<ModalStaticFunctions, 'warn'>) {
  message = m
  modal = md
}

export const toast = {
  success: (text: string) => message?.success(text),
  error: (text: string) => message?.error(text),
  info: (text: string) => message?.info(text),
}

/** The Chinese text to show for any failure. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message
  return '操作失败，请稍后重试'
}

/** Awaits a call, toasts `done` on success or the server's message on failure; returns the result or undefined. */
export async function run<T>(p: Promise<T>, done?: string): Promise<T | undefined> {
  try {
    const r = await p
    if (done) toast.success(done)
    return r
  } catch (e) {
    toast.error(errorText(e))
    return undefined
  }
}

/** A yes/no question; resolves true on yes. */
export function confirm(title: string, content?: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (!modal) return resolve(window.confirm(title))
    modal.confirm({ title, content, okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) })
  })
}
