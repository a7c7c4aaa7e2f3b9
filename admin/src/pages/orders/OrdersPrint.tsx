import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Radio, Space, Spin } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import type { OrderPrintSheet } from '@contract/adminOrders'
import { printSheets } from '../../api/order'
import { errorText } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { navigate, useLocation } from '../../core/router'

/**
 * 打印发货单 / 拣货单 for the orders chosen in the list (`?orderNos=a,b`): 发货单 one page an order (receiver, lines,
 * remarks) to put in the parcel; 拣货单 every line of every order on one sheet, summed by SKU, to pick from the
 * shelves. The browser's print prints the sheet only (the console around it is hidden in print).
 */
export default function OrdersPrint() {
  const { query } = useLocation()
  const nos = (query.get('orderNos') || '').split(',').filter(Boolean)
  const [sheets, setSheets] = useState<OrderPrintSheet[] | null>(null)
  const [error, setError] = useState('')
  const [kind, setKind] = useState<'delivery' | 'picking'>('delivery')
  const key = nos.join(',')
  useEffect(() => {
    if (!key) return
    printSheets(key.split(',')).then(setSheets, (e) => setError(errorText(e)))
  }, [key])

  const picking = new Map<string, { goodsName: string; specText: string; code: string; quantity: number }>()
  for (const s of sheets || [])
    for (const i of s.items) {
      const k = `${i.goodsName}\u0001${i.specText}\u0001${i.code}`
      const row = picking.get(k) || { goodsName: i.goodsName, specText: i.specText, code: i.code, quantity: 0 }
      row.quantity += i.quantity
      picking.set(k, row)
    }

  return (
    <PageContainer title='打印发货单' onBack={() => navigate('/orders')}>
      <style>{PRINT_CSS}</style>
      {!nos.length ? (
        <Alert type='info' showIcon message='请先在订单列表勾选要打印的订单，再点「打印发货单」' />
      ) : error ? (
        <Alert type='error' showIcon message={error} />
      ) : !sheets ? (
        <Spin />
      ) : (
        <>
          <Space className='no-print' style={{ marginBottom: 16 }} wrap>
            <Radio.Group
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              optionType='button'
              options={[
                { value: 'delivery', label: `发货单（${sheets.length} 张）` },
                { value: 'picking', label: '拣货单（汇总）' },
              ]}
            />
            <Button type='primary' icon={<PrinterOutlined />} onClick={() => window.print()}>
              打印
            </Button>
          </Space>
          {kind === 'delivery' ? (
            sheets.map((s) => (
              <section key={s.orderNo} className='print-sheet' data-testid='delivery-sheet'>
                <h2>发货单</h2>
                <p>
                  订单号 {s.orderNo} · 下单 {dateTime(s.createdAt)}
                  {s.paidAt ? ` · 付款 ${dateTime(s.paidAt)}` : ''}
                </p>
                <p>
                  收货人 {s.receiverName} {s.receiverPhone}
                  <br />
                  {s.receiverAddress}
                </p>
                <SheetTable heads={['商品', '规格', '货号', '单价', '数量']} rows={s.items.map((i) => [i.goodsName, i.specText || '—', i.code || '—', `¥${fenToYuan(i.price)}`, i.quantity])} />
                <p>
                  实付 ¥{fenToYuan(s.payAmount)}
                  {s.remark ? ` · 买家留言：${s.remark}` : ''}
                  {s.adminRemark ? ` · 商家备注：${s.adminRemark}` : ''}
                </p>
              </section>
            ))
          ) : (
            <section className='print-sheet' data-testid='picking-sheet'>
              <h2>拣货单</h2>
              <p>
                {sheets.length} 个订单 · 共 {[...picking.values()].reduce((n, r) => n + r.quantity, 0)} 件
              </p>
              <SheetTable heads={['商品', '规格', '货号', '数量']} rows={[...picking.values()].map((r) => [r.goodsName, r.specText || '—', r.code || '—', r.quantity])} />
            </section>
          )}
        </>
      )}
    </PageContainer>
  )
}

/** A sheet's table: plain lines that print as they look (not antd's table). */
function SheetTable({ heads, rows }: { heads: string[]; rows: Array<Array<string | number>> }) {
  return (
    <table>
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, n) => (
          <tr key={n}>
            {r.map((c, k) => (
              <td key={k}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The sheet itself: plain table lines; in print only the sheets, one 发货单 a page. */
const PRINT_CSS = `
.print-sheet { background: var(--ant-color-bg-container, #fff); padding: 16px; margin-bottom: 16px; border: 1px solid var(--ant-color-border, #ddd); }
.print-sheet h2 { font-size: 18px; margin: 0 0 8px; }
.print-sheet table { width: 100%; border-collapse: collapse; margin: 8px 0; }
.print-sheet th, .print-sheet td { border: 1px solid var(--ant-color-border, #ccc); padding: 4px 8px; text-align: left; }
@media print {
  .ant-layout-sider, .ant-layout-header, .ant-pro-layout-header, .ant-pro-page-container-warp, .ant-pro-sider, .no-print { display: none !important; }
  .print-sheet { border: none; padding: 0; page-break-after: always; color: #000; background: #fff; }
  .print-sheet th, .print-sheet td { border-color: #000; }
}
`
