import { useState, type ReactNode } from 'react'
import { Alert, Button, Modal, Typography, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { errorText, toast } from '../core/feedback'

/** What a CSV upload came back with: a summary line and the lines left out, each with why. */
export interface CsvOutcome {
  summary: string
  /** Something went in: the list behind the dialog reloads. */
  changed: boolean
  failed: Array<{ line: number; label?: string; msg: string }>
}

/**
 * A button opening a dialog that explains the file first (`intro`: format, template, choices), then takes a CSV
 * (at most 1 MB) and shows what went in and every line left out (批量发货, 导入商品).
 */
export function CsvUpload({
  label,
  intro,
  onOpen,
  send,
  onDone,
  iconOnly,
}: {
  label: string
  intro: ReactNode
  onOpen?: () => void
  send: (csv: string) => Promise<CsvOutcome>
  onDone: () => void
  /** On a phone's toolbar: the icon, named for screen readers and on hover. */
  iconOnly?: boolean
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<CsvOutcome | null>(null)
  async function upload(file: File) {
    if (file.size > 1_000_000) return toast.error('CSV 文件不能超过 1 MB')
    setBusy(true)
    try {
      const r = await send(await file.text())
      setResult(r)
      if (r.changed) onDone()
    } catch (e) {
      toast.error(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  const close = () => {
    setOpen(false)
    setResult(null)
  }
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
        onClick={() => {
          setOpen(true)
          onOpen?.()
        }}
      >
        {iconOnly ? null : label}
      </Button>
      <Modal open={open} title={label} onCancel={close} footer={<Button onClick={close}>{result ? '知道了' : '取消'}</Button>} width={640}>
        {result ? (
          <>
            <Alert type={result.failed.length ? 'warning' : 'success'} showIcon message={result.summary} style={{ marginBottom: 12 }} />
            {result.failed.map((f) => (
              <div key={f.line}>
                第 {f.line} 行{f.label ? ` ${f.label}` : ''}：<Typography.Text type='danger'>{f.msg}</Typography.Text>
              </div>
            ))}
          </>
        ) : (
          <>
            {intro}
            <Upload accept='.csv,text/csv' showUploadList={false} beforeUpload={(f) => (void upload(f), false)}>
              <Button type='primary' icon={<UploadOutlined />} loading={busy}>
                选择 CSV 文件
              </Button>
            </Upload>
          </>
        )}
      </Modal>
    </>
  )
}
