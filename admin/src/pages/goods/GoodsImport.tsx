import { useState } from 'react'
import { Alert, Button, Modal, Typography, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import type { GoodsImportReply } from '@contract/admin'
import { goodsExportUrl, importGoods } from '../../api/goods'
import { errorText, toast } from '../../core/feedback'

/**
 * 导入商品: the format first (the export is the template), then a CSV file; the report names every line left out
 * and why. Known 货号 update their SKU; new 货号 make goods off the shelf (one goods per 商品名称).
 */
export function GoodsImport({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<GoodsImportReply | null>(null)
  async function send(file: File) {
    if (file.size > 1_000_000) return toast.error('CSV 文件不能超过 1 MB')
    setBusy(true)
    try {
      const r = await importGoods({ csv: await file.text() })
      setResult(r)
      if (r.created || r.updated) onDone()
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
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入商品
      </Button>
      <Modal open={open} title='导入商品' onCancel={close} footer={<Button onClick={close}>{result ? '知道了' : '取消'}</Button>} width={640}>
        {result ? (
          <>
            <Alert
              type={result.failed.length ? 'warning' : 'success'}
              showIcon
              message={`更新 ${result.updated} 个规格，新建 ${result.created} 件商品${result.failed.length ? `，${result.failed.length} 行未导入` : ''}`}
              style={{ marginBottom: 12 }}
            />
            {result.failed.map((f) => (
              <div key={f.line}>
                第 {f.line} 行：<Typography.Text type='danger'>{f.msg}</Typography.Text>
              </div>
            ))}
          </>
        ) : (
          <>
            <Typography.Paragraph>
              表格与「导出商品」相同，可先
              <a href={goodsExportUrl()} download>
                导出商品
              </a>
              作为模板。每行一个规格，按<Typography.Text strong>货号</Typography.Text>识别：
            </Typography.Paragraph>
            <ul style={{ paddingLeft: 20 }}>
              <li>货号已存在：更新该规格的售价、划线价、成本价、库存、条码和重量（空白的格子保持不变）。</li>
              <li>货号是新的：按商品名称新建商品（同名的行为同一商品的不同规格），新商品为下架状态，须填写二级分类的名称。</li>
              <li>规格写成「颜色:红；尺码:M」；金额以元为单位；图片填 https 开头的网址（可不填，上架前在编辑页上传）。</li>
              <li>必填列：商品名称、货号、售价。一次最多 2000 行，文件不超过 1 MB。</li>
            </ul>
            <Upload accept='.csv,text/csv' showUploadList={false} beforeUpload={(f) => (void send(f), false)}>
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
