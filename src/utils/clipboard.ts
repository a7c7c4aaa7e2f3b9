import Taro from '@tarojs/taro'
import { toast } from '@/core/toast'

/** Copy text; empty text is refused with the spec's message. */
export async function copyText(text: string | number | null | undefined): Promise<boolean> {
  const data = text === null || text === undefined ? '' : String(text)
  if (!data) {
    toast('复制内容为空')
    return false
  }
  await Taro.setClipboardData({ data })
  toast('复制成功')
  return true
}

/** Dial a phone number; no number is refused with the spec's message. */
export async function dial(phone: string | null | undefined): Promise<boolean> {
  if (!phone) {
    toast('无电话号码')
    return false
  }
  await Taro.makePhoneCall({ phoneNumber: String(phone) })
  return true
}
