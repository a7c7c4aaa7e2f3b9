import { Form, Input, Select, Space } from 'antd'
import { PROVINCES } from '../core/provinces'

/** 联系电话 of an address the shop keeps: a mobile or a landline with its area code. */
export const phoneRules = [
  { required: true, whitespace: true, message: '请填写联系电话' },
  { pattern: /^[0-9][0-9\- ]{6,19}$/, message: '请填写手机号，或带区号的座机号（如 0571-88886666）' },
]

/**
 * 省份 · 城市 · 区县 · 详细地址 of an address the shop keeps (退货地址, 自提点), inside a form whose fields are named
 * province, city, district and detail; the server checks the same limits.
 */
export function AddressFields({ districtExample, detailPlaceholder }: { districtExample: string; detailPlaceholder: string }) {
  return (
    <>
      <Space wrap align='start'>
        <Form.Item label='省份' name='province' rules={[{ required: true, message: '请选择省份' }]}>
          <Select showSearch placeholder='选择省份' style={{ width: 180 }} options={PROVINCES.map((p) => ({ value: p, label: p }))} />
        </Form.Item>
        <Form.Item
          label='城市'
          name='city'
          rules={[
            { required: true, whitespace: true, message: '请填写城市' },
            { max: 16, message: '最多 16 个字' },
          ]}
        >
          <Input placeholder='如：杭州市' style={{ width: 140 }} maxLength={16} />
        </Form.Item>
        <Form.Item label='区县' name='district' rules={[{ max: 16, message: '最多 16 个字' }]}>
          <Input placeholder={`如：${districtExample}`} style={{ width: 140 }} maxLength={16} />
        </Form.Item>
      </Space>
      <Form.Item
        label='详细地址'
        name='detail'
        rules={[
          { required: true, whitespace: true, message: '请填写详细地址' },
          { min: 2, message: '请填写街道和门牌号' },
          { max: 100, message: '最多 100 个字' },
        ]}
      >
        <Input.TextArea rows={2} placeholder={detailPlaceholder} maxLength={100} showCount />
      </Form.Item>
    </>
  )
}
