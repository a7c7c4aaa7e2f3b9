/** One text to type (a reason, a reply) in the console's FormModal: the server's refusal shows inside it. */
import { Form, Input } from 'antd'
import { FormModal } from '../../components/FormModal'

export function TextModal({
  open,
  title,
  label,
  max,
  initial,
  required = true,
  onSubmit,
  onClose,
}: {
  open: boolean
  title: string
  label: string
  max: number
  initial?: string
  required?: boolean
  onSubmit: (text: string) => Promise<unknown>
  onClose: () => void
}) {
  return (
    <FormModal<{ text: string }> open={open} title={title} initialValues={{ text: initial || '' }} onSubmit={(v) => onSubmit((v.text || '').trim())} onClose={onClose}>
      <Form.Item label={label} name='text' rules={required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []}>
        <Input.TextArea rows={4} maxLength={max} showCount aria-label={label} />
      </Form.Item>
    </FormModal>
  )
}
