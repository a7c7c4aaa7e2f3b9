import type { BusinessCardSaveRequest } from '@contract/businessCard'
import { isEmail, isLandline, isMobile } from '@/utils/validate'

export type CardForm = Required<Omit<BusinessCardSaveRequest, 'id'>>
export const EMPTY_CARD: CardForm = { name: '', title: '', company: '', phone: '', wechat: '', email: '', address: '', avatar: '', intro: '' }

/** The card form's checks (the server applies the same rules). Returns the first problem, or ''. */
export function cardProblem(f: CardForm): string {
  if (!f.name.trim()) return '请输入姓名'
  const phone = f.phone.replace(/\s+/g, '')
  if (!phone) return '请输入电话'
  if (!isMobile(phone) && !isLandline(phone)) return '请输入正确的手机号或座机号'
  if (f.wechat.trim() && !/^[a-zA-Z][-_a-zA-Z0-9]{5,19}$/.test(f.wechat.trim()) && !isMobile(f.wechat.trim())) return '微信号格式不正确'
  if (f.email.trim() && !isEmail(f.email.trim())) return '邮箱格式不正确'
  return ''
}
