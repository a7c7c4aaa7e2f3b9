import { useRef, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Descriptions, Image, Input, List, Typography, type InputRef } from 'antd'
import type { PickupLookup } from '@contract/adminOrders'
import { pickupLookup, pickupVerify } from '../../api/order'
import { confirm, errorText, run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'

/** The 8 digits of a code as typed or scanned (spaces, dashes and a scanner's extra characters taken out). */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 8)

/**
 * 订单 → 自提核销: staff type the shopper's pickup code, or scan its QR code with a scanner that types into the field
 * (it ends with Enter), see the order's lines first, then confirm. Works on a phone at the counter (375 wide).
 */
export default function PickupVerify() {
  const [code, setCode] = useState('')
  const [found, setFound] = useState<PickupLookup | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState('')
  const input = useRef<InputRef>(null)

  const lookup = async (typed: string) => {
    const c = codeDigits(typed)
    setCode(c)
    setFound(null)
    setDone('')
    if (c.length !== 8) return setError('提货码是 8 位数字')
    setError('')
    setBusy(true)
    try {
      setFound(await pickupLookup(c))
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  const verify = async () => {
    if (!found) return
    if (
      !(await confirm(
        `确认核销订单 ${found.orderNo}？`,
        `提货人 ${found.receiverName} ${found.receiverPhone}，共 ${found.items.reduce((n, i) => n + i.quantity - i.refundedQuantity, 0)} 件商品。核销后订单即为已提货。`,
      ))
    )
      return
    setBusy(true)
    const ok = await run(pickupVerify(code), '核销成功')
    setBusy(false)
    if (!ok) return void lookup(code)
    setDone(`订单 ${found.orderNo} 已核销`)
    setFound(null)
    setCode('')
    input.current?.focus()
  }

  return (
    <PageContainer title='自提核销' onBack={() => navigate('/orders')}>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Paragraph type='secondary'>请输入买家出示的 8 位提货码，或用扫码枪扫描订单详情里的二维码。</Typography.Paragraph>
        <Input.Search
          ref={input}
          autoFocus
          inputMode='numeric'
          autoComplete='off'
          aria-label='提货码'
          placeholder='输入或扫描提货码'
          enterButton='查询'
          size='large'
          maxLength={20}
          value={code}
          loading={busy && !found}
          onChange={(e) => setCode(e.target.value)}
          onSearch={(v) => void lookup(v)}
        />
        {error && <Alert style={{ marginTop: 12 }} type='error' showIcon message={error} />}
        {done && <Alert style={{ marginTop: 12 }} type='success' showIcon message={done} />}
      </Card>
      {found && (
        <>
          <Card title='商品' style={{ marginBottom: 16 }}>
            <List
              dataSource={found.items}
              renderItem={(i) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={<Image src={i.image} alt={i.goodsName} width={48} height={48} style={{ objectFit: 'cover' }} preview={false} />}
                    title={i.goodsName}
                    description={`${i.specText ? `${i.specText} · ` : ''}×${i.quantity}${i.refundedQuantity ? `（已退 ${i.refundedQuantity} 件）` : ''}`}
                  />
                </List.Item>
              )}
            />
          </Card>
          <Card title='订单' style={{ marginBottom: 16 }}>
            <Descriptions column={1} size='small'>
              <Descriptions.Item label='订单号'>
                <a onClick={() => navigate(`/orders/${found.orderNo}`)} style={{ textDecoration: 'underline', wordBreak: 'break-all' }}>
                  {found.orderNo}
                </a>
              </Descriptions.Item>
              <Descriptions.Item label='状态'>{found.statusText}</Descriptions.Item>
              <Descriptions.Item label='提货人'>
                {found.receiverName} {found.receiverPhone}
              </Descriptions.Item>
              <Descriptions.Item label='自提点'>{found.pointName}</Descriptions.Item>
              <Descriptions.Item label='实付'>{yuanLabel(found.payAmount)}</Descriptions.Item>
              {found.verifiedAt && (
                <Descriptions.Item label='核销'>
                  {dateTime(found.verifiedAt)} {found.verifiedBy}
                </Descriptions.Item>
              )}
            </Descriptions>
            {found.verifiable ? (
              <Button type='primary' size='large' block style={{ marginTop: 16 }} loading={busy} onClick={() => void verify()}>
                确认核销
              </Button>
            ) : (
              <Alert style={{ marginTop: 16 }} type='warning' showIcon message={found.reason} />
            )}
          </Card>
        </>
      )}
    </PageContainer>
  )
}
