import type { SetupCheck } from '../../../../types/adminSettings'
import type { Conn } from '../../db/types'
import { addressLine, returnAddressFor } from './returnAddresses'

/**
 * The demo shop's return address (server/src/demo/afterSales.ts seeds it on a first start, and nothing else writes it):
 * the setup check knows it, so it can warn while a real shop still has it as its default. A real shop sets its own in
 * 设置 → 退货地址.
 */
export const DEMO_RETURN_ADDRESS = { name: '花语商城售后部', phone: '057188886666', province: '浙江省', city: '杭州市', district: '余杭区', detail: '仓前街道文一西路 1500 号 3 号仓 售后组' }

/**
 * 设置检查's line for the return address: an error without one (returns cannot be approved), a warning while the
 * default is still the demo shop's (shoppers would post their returns to it).
 */
export async function returnAddressCheck(db: Conn): Promise<SetupCheck> {
  const key = 'returnAddress'
  const title = '退货地址'
  const a = await returnAddressFor(db)
  if (!a) return { key, title, status: 'error', message: '还没有设置退货地址：买家申请退货时无法同意。请在「设置 → 退货地址」添加' }
  const line = `${a.name} ${a.phone} ${addressLine(a)}`
  if (a.name === DEMO_RETURN_ADDRESS.name && a.detail === DEMO_RETURN_ADDRESS.detail && a.phone === DEMO_RETURN_ADDRESS.phone)
    return { key, title, status: 'warn', message: `默认退货地址还是演示数据（${line}）：买家会把退货寄到这里。请在「设置 → 退货地址」改为您自己的地址` }
  return { key, title, status: 'ok', message: `默认退货地址：${line}` }
}
