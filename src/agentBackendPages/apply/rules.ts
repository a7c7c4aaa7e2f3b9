import { APPLY_REASON_MAX, REAL_NAME_MAX, SHOP_NAME_MAX, SHOP_NAME_MIN, type AgentApplyRequest } from '@contract/agent'
import { isIdCard, isMobile } from '@/utils/validate'

/** Checks the application form with the spec's rules (the server checks the same); '' when it can be sent. */
export function applyFormError(f: AgentApplyRequest): string {
  const shopName = f.shopName.trim()
  const realName = f.realName.trim()
  if (!shopName) return '请输入店铺名称'
  if (shopName.length < SHOP_NAME_MIN || shopName.length > SHOP_NAME_MAX) return `店铺名称需为${SHOP_NAME_MIN}-${SHOP_NAME_MAX}个字`
  if (!/^[\u4e00-\u9fa5A-Za-z0-9·\-_ ]+$/.test(shopName)) return '店铺名称只能包含中文、字母和数字'
  if (realName.length < 2 || realName.length > REAL_NAME_MAX || !/^[\u4e00-\u9fa5A-Za-z·. ]+$/.test(realName)) return '请输入真实姓名'
  if (!isMobile(f.phone.trim())) return '请输入正确的手机号'
  if (!isIdCard(f.idCard.trim())) return '请输入正确的18位身份证号'
  if (!f.reason.trim()) return '请填写申请理由'
  if (f.reason.trim().length > APPLY_REASON_MAX) return `申请理由不能超过${APPLY_REASON_MAX}字`
  return ''
}
