import { Form, Input, Radio, Typography } from 'antd'
import { changePrice } from '../../api/order'
import { fenToYuan, yuanRule, yuanToFen } from '../../core/money'
import { FormModal } from '../../components/FormModal'

type Values = { mode: 'total' | 'discount'; amount: string; reason: string }

/** What the shopper pays after 改价: the new total, or the current amount less the discount (fen). */
export const priceAfter = (mode: Values['mode'], amount: number, payAmount: number) => (mode === 'total' ? amount : payAmount - amount)
/** Why an amount (fen) cannot be the new price, or '' when it can. */
export function priceChangeProblem(mode: Values['mode'], amount: number, payAmount: number): string {
  const to = priceAfter(mode, amount, payAmount)
  if (to < 1) return '改价后金额至少 0.01 元'
  if (to === payAmount) return '改价后金额与当前金额相同'
  return ''
}

/**
 * 改价 of an unpaid order (the order's details and the list's row action): a new total, or an amount off the
 * current one, and a reason. The server refuses once the shopper has paid (or is paying) and closes the payments
 * made before, so the shopper pays the new amount (docs/orders.md, "改价").
 */
export function PriceChangeModal({ open, orderNo, payAmount, onClose, onDone }: { open: boolean; orderNo: string; payAmount: number; onClose: () => void; onDone: () => unknown }) {
  const [form] = Form.useForm<Values>()
  const mode = Form.useWatch('mode', form) || 'total'
  const amount = yuanToFen(Form.useWatch('amount', form) ?? '')
  const next = amount === null ? null : priceAfter(mode, amount, payAmount)
  return (
    <FormModal<Values>
      open={open}
      form={form}
      title='改价'
      okText='确认改价'
      initialValues={{ mode: 'total' }}
      onClose={onClose}
      onSubmit={async (v) => {
        const fen = yuanToFen(v.amount)!
        await changePrice(orderNo, { newPayAmount: priceAfter(v.mode, fen, payAmount), reason: v.reason.trim() })
        await onDone()
      }}
    >
      <Typography.Paragraph>
        当前应付 <Typography.Text strong>¥{fenToYuan(payAmount)}</Typography.Text>。改价后买家按新金额付款；买家已付款或正在付款时不能改价。
      </Typography.Paragraph>
      <Form.Item name='mode' label='改价方式'>
        <Radio.Group
          options={[
            { value: 'total', label: '改为新的应付金额' },
            { value: 'discount', label: '在当前金额上优惠' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label={mode === 'total' ? '新的应付金额（元）' : '优惠金额（元）'}
        name='amount'
        rules={[
          yuanRule(mode === 'total' ? '新的应付金额' : '优惠金额', { min: 0.01 }),
          {
            validator: (_: unknown, value: unknown) => {
              const fen = yuanToFen(value as string)
              if (fen === null) return Promise.resolve()
              const problem = priceChangeProblem(mode, fen, payAmount)
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
            },
          },
        ]}
        extra={next !== null && next > 0 ? `改价后应付 ¥${fenToYuan(next)}` : undefined}
      >
        <Input inputMode='decimal' style={{ width: 200 }} aria-label={mode === 'total' ? '新的应付金额' : '优惠金额'} />
      </Form.Item>
      <Form.Item
        label='改价原因（记入订单日志）'
        name='reason'
        rules={[
          { required: true, whitespace: true, message: '请填写改价原因' },
          { max: 100, message: '最多 100 个字' },
        ]}
      >
        <Input placeholder='如：老客户优惠' />
      </Form.Item>
    </FormModal>
  )
}
