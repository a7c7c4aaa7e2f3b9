/**
 * A form in a modal (phones: a full-width drawer): fields as children, `onSubmit` saves and resolves when done;
 * a refusal from the server shows its Chinese message inside the form and keeps it open (nothing saved).
 */
import { useEffect, useState, type ReactNode } from 'react'
import { Alert, Button, Drawer, Form, InputNumber, Modal, Space, type FormInstance } from 'antd'
import { errorText } from '../core/feedback'
import { useMobile } from '../core/useMobile'
import { useLatest } from '../hooks/useLatest'

export function FormModal<T extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
  okText = '保存',
  form: outer,
  width = 560,
}: {
  open: boolean
  title: string
  initialValues?: Partial<T>
  onSubmit: (values: T) => Promise<unknown>
  onClose: () => void
  children: ReactNode
  okText?: string
  form?: FormInstance<T>
  width?: number
}) {
  const [own] = Form.useForm<T>()
  const form = outer || own
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const mobile = useMobile()
  // Reset only when the modal opens, not when the caller re-renders its initial values (often a new object).
  const initial = useLatest(initialValues)
  useEffect(() => {
    if (open) {
      setError('')
      form.resetFields()
      if (initial.current) form.setFieldsValue(initial.current as never)
    }
  }, [open, form, initial])

  async function submit() {
    let values: T
    try {
      values = await form.validateFields()
    } catch {
      return setError('请按提示修改标红的内容')
    }
    setSaving(true)
    setError('')
    try {
      await onSubmit(values)
      onClose()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  const body = (
    <Form form={form} layout='vertical' onFinish={submit} preserve={false}>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' data-testid='form-error' />}
      {children}
      {/* Enter submits. */}
      <button type='submit' hidden />
    </Form>
  )
  const footer = (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Button type='primary' loading={saving} onClick={submit}>
        {okText}
      </Button>
    </Space>
  )
  if (mobile)
    return (
      <Drawer open={open} title={title} onClose={onClose} width='100%' extra={footer} destroyOnClose>
        {body}
      </Drawer>
    )
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={footer} width={width} destroyOnClose forceRender>
      {body}
    </Modal>
  )
}

/** The display order field of the lists the shop draws in order (categories, brands, storefront entries). */
export const sortField = (
  <Form.Item label='排序（小的在前）' name='sort' rules={[{ type: 'integer', min: 0, max: 100000, message: '排序须为 0 到 100000 的整数' }]}>
    <InputNumber precision={0} min={0} style={{ width: 160 }} />
  </Form.Item>
)
