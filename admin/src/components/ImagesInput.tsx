/**
 * Pictures as a list of uploaded URLs: upload (one request per file), order (move left/right), the first is
 * the cover. A form control: `value` / `onChange`.
 */
import { useRef, useState } from 'react'
import { Button, Image, Space, Tag, Tooltip, Upload } from 'antd'
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, LoadingOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons'
import { uploadImage } from '../api/goods'
import { errorText, toast } from '../core/feedback'

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif'

export function ImagesInput({ value = [], onChange, max = 10, cover = true }: { value?: string[]; onChange?: (v: string[]) => void; max?: number; cover?: boolean }) {
  const [busy, setBusy] = useState(0)
  const list = value
  // Several files upload at once: each adds to the newest list, not to the one of the render that started it.
  const latest = useRef(list)
  latest.current = list
  const set = (v: string[]) => onChange?.(v)
  const move = (i: number, d: number) => {
    const next = [...list]
    ;[next[i], next[i + d]] = [next[i + d], next[i]]
    set(next)
  }
  async function add(file: File) {
    setBusy((n) => n + 1)
    try {
      const { url } = await uploadImage(file)
      latest.current = [...latest.current, url].slice(0, max)
      set(latest.current)
    } catch (e) {
      toast.error(`${file.name}：${errorText(e)}`)
    } finally {
      setBusy((n) => n - 1)
    }
  }
  return (
    <Space wrap align='start' size={12}>
      {list.map((url, i) => (
        <div key={`${url}-${i}`} style={{ width: 104, textAlign: 'center' }} data-testid='image-item'>
          <Image src={url} alt={cover && i === 0 ? '封面图' : `图片 ${i + 1}`} width={104} height={104} style={{ objectFit: 'cover', borderRadius: 6 }} />
          <div style={{ marginTop: 4 }}>
            {cover && i === 0 ? (
              <Tag color='red'>封面</Tag>
            ) : (
              <Space size={4}>
                {i > 0 && (
                  <Tooltip title='前移'>
                    <Button size='small' icon={<ArrowLeftOutlined />} onClick={() => move(i, -1)} aria-label='前移' />
                  </Tooltip>
                )}
                {cover && (
                  <Tooltip title='设为封面'>
                    <Button size='small' icon={<StarOutlined />} onClick={() => set([url, ...list.filter((_, j) => j !== i)])} aria-label='设为封面' />
                  </Tooltip>
                )}
              </Space>
            )}
            <Space size={4} style={{ marginLeft: 4 }}>
              {i < list.length - 1 && (
                <Tooltip title='后移'>
                  <Button size='small' icon={<ArrowRightOutlined />} onClick={() => move(i, 1)} aria-label='后移' />
                </Tooltip>
              )}
              <Tooltip title='删除'>
                <Button size='small' danger icon={<DeleteOutlined />} onClick={() => set(list.filter((_, j) => j !== i))} aria-label='删除图片' />
              </Tooltip>
            </Space>
          </div>
        </div>
      ))}
      {list.length < max && (
        <Upload
          accept={ACCEPT}
          multiple={max > 1}
          showUploadList={false}
          listType='picture-card'
          beforeUpload={(file) => {
            void add(file)
            return false
          }}
        >
          <div>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>上传图片</div>
          </div>
        </Upload>
      )}
    </Space>
  )
}

/** One picture (SKU, icon, logo, banner): the same control with at most one. */
export function ImageInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return <ImagesInput value={value ? [value] : []} onChange={(v) => onChange?.(v[0] || '')} max={1} cover={false} />
}
