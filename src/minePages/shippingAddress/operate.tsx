import { useEffect, useMemo, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Address, Button, Form, Input, Switch, TextArea } from '@nutui/nutui-react-taro'
import { ArrowRight } from '@nutui/icons-react-taro'
import type { AddressInput, MemberAddress } from '@contract/address'
import { namesOfCode, regionPath, regionTree, type AreaList } from '@contract/area'
import PageLayout from '@/components/PageLayout'
import { addAddress, deleteAddress, getAddressDetail, updateAddress } from '@/api/address'
import { back } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { confirm, toast } from '@/core/toast'
import { useCommonStore } from '@/stores/common'
import { queryId } from '@/hooks/useLoadById'
import { loadAreaList, regionText } from '@/utils/regions'
import { parseAddress } from '@/utils/parseAddress'
import { isMobile } from '@/utils/validate'
import { toShippingAddress } from './choice'
import './operate.scss'

const TAGS = ['家', '公司', '学校']

interface Region {
  province: string
  city: string
  district: string
  /** The picker's GB/T 2260 code; '' for an old address until it is picked again. */
  areaCode: string
}
interface FormValues {
  name: string
  phone: string
  region: Region
  detail: string
  tag: string
  isDefault: boolean
}
const EMPTY: FormValues = { name: '', phone: '', region: { province: '', city: '', district: '', areaCode: '' }, detail: '', tag: '', isDefault: false }

/** The same rules as the server (mainland mobile of SPEC.md section 5 through isMobile). */
function formError(v: FormValues): string {
  if (!v.name?.trim()) return '请填写收货人'
  if (v.name.trim().length > 20) return '收货人姓名不能超过20个字'
  if (!isMobile(String(v.phone || '').trim())) return '请输入正确的手机号'
  if (!v.region?.province || !v.region?.city) return '请选择所在地区'
  if (String(v.detail || '').trim().length < 2) return '请填写详细地址'
  return ''
}

/** The division list once loaded, or null; `load` starts it (the picker or 粘贴识别 call it when first needed). */
function useAreaList() {
  const [area, setArea] = useState<AreaList | null>(null)
  const load = () =>
    loadAreaList().then(
      (a) => {
        setArea(a)
        return a
      },
      () => {
        toast('地区数据加载失败，请检查网络后重试')
        return null
      },
    )
  return { area, load }
}

/** The region cell: opens NutUI's Address picker over the national division list, loaded when first opened. */
function RegionField({ value, onChange }: { value?: Region; onChange?: (r: Region) => void }) {
  const [open, setOpen] = useState(false)
  const { area, load } = useAreaList()
  const tree = useMemo(() => (area ? regionTree(area) : null), [area])
  const r = value || EMPTY.region
  const text = r.province ? regionText(r.province, r.city, r.district) : ''
  const show = async () => {
    if (await load()) setOpen(true)
  }
  return (
    <View>
      <View className='address-form__region' onClick={show}>
        <Text className={text ? 'address-form__region-text' : 'address-form__placeholder'}>{text || '省、市、区'}</Text>
        <ArrowRight size={12} className='muted' />
      </View>
      {area && tree && (
        <Address
          visible={open}
          type='cascader'
          options={tree as any}
          defaultValue={regionPath(area, r)}
          title='选择所在地区'
          onChange={(path: any[]) => {
            const code = String(path[path.length - 1] || '')
            const names = namesOfCode(area, code)
            if (names) onChange?.({ ...names, areaCode: code })
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </View>
  )
}

/** 粘贴识别地址: the shopper pastes 「张三 138… 山东省临沂市兰山区…」 and the form's fields are filled from it. */
function PasteBox({ onParsed }: { onParsed: (v: Partial<FormValues>) => void }) {
  const [text, setText] = useState('')
  const { load } = useAreaList()
  const recognise = async () => {
    if (!text.trim()) return toast('请先粘贴收货信息')
    const area = await load()
    if (!area) return
    const p = parseAddress(text, area)
    const found: Partial<FormValues> = {}
    if (p.name) found.name = p.name
    if (p.phone) found.phone = p.phone
    if (p.province) found.region = { province: p.province, city: p.city, district: p.district, areaCode: p.areaCode }
    if (p.detail) found.detail = p.detail
    if (!Object.keys(found).length) return toast('没有识别出收货信息，请手动填写')
    onParsed(found)
    toast(p.province && p.name && p.phone ? '已识别，请核对' : '已识别部分信息，请补全后保存')
  }
  return (
    <View className='address-form__paste'>
      <TextArea
        className='address-form__paste-input'
        placeholder='粘贴收货信息，如：张三 13800138000 山东省临沂市兰山区金雀山路10号'
        value={text}
        onChange={setText}
        maxLength={300}
        rows={2}
        autoSize
      />
      <View className='address-form__paste-actions'>
        {!!text && (
          <Button size='small' fill='none' onClick={() => setText('')}>
            清空
          </Button>
        )}
        <Button size='small' type='primary' fill='outline' onClick={recognise}>
          识别
        </Button>
      </View>
    </View>
  )
}

function TagField({ value, onChange }: { value?: string; onChange?: (t: string) => void }) {
  return (
    <View className='address-form__tags'>
      {TAGS.map((t) => (
        <Text key={t} className={`address-form__tag ${value === t ? 'address-form__tag--on' : ''}`} onClick={() => onChange?.(value === t ? '' : t)}>
          {t}
        </Text>
      ))}
    </View>
  )
}

/**
 * After a save: keeps checkout's chosen address in step and says how many pages to go back. An address added
 * from checkout's picker (select=1) becomes the chosen one and the shopper returns to checkout, past the list.
 */
export function pagesBackAfterSave(saved: MemberAddress, isNew: boolean, selecting: boolean): number {
  const store = useCommonStore.getState()
  if (isNew && selecting) {
    store.setShippingAddress(toShippingAddress(saved))
    return 2
  }
  if (store.shippingAddress && store.shippingAddress.id === saved.id) store.setShippingAddress({ ...store.shippingAddress, ...toShippingAddress(saved) })
  return 1
}

export default function ShippingAddressOperatePage() {
  const params = useRouter().params || {}
  const id = queryId(params.id) || 0
  // Opened from the address picker of checkout (select=1): a new address is the one chosen.
  const selecting = String(params.select || '') === '1'
  const [form] = Form.useForm()
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!requireLogin()) return
    if (id)
      getAddressDetail(id).then((a) =>
        form.setFieldsValue({
          name: a.name,
          phone: a.phone,
          region: { province: a.province, city: a.city, district: a.district, areaCode: a.areaCode || '' },
          detail: a.detail,
          tag: a.tag,
          isDefault: a.isDefault,
        }),
      )
  }, [id, form])

  const save = async () => {
    const v = { ...EMPTY, ...(form.getFieldsValue(true) as FormValues) }
    const err = formError(v)
    if (err) return toast(err)
    const body: AddressInput = {
      name: v.name.trim(),
      phone: String(v.phone).trim(),
      province: v.region.province,
      city: v.region.city,
      district: v.region.district,
      ...(v.region.areaCode ? { areaCode: v.region.areaCode } : {}),
      detail: v.detail.trim(),
      tag: v.tag || '',
      isDefault: !!v.isDefault,
    }
    setSaving(true)
    try {
      const saved = id ? await updateAddress(id, body, { catch: true }) : await addAddress(body, { catch: true })
      toast('已保存', 'success')
      const pages = pagesBackAfterSave(saved, !id, selecting)
      setTimeout(() => back(pages), 600)
    } catch {
      setSaving(false)
    }
  }
  const remove = async () => {
    if (!(await confirm('确定删除该收货地址吗？'))) return
    await deleteAddress(id)
    if (useCommonStore.getState().shippingAddress?.id === id) useCommonStore.getState().setShippingAddress(null)
    toast('已删除', 'success')
    setTimeout(() => back(), 600)
  }

  return (
    <PageLayout variant='back' title={id ? '编辑地址' : '新增地址'}>
      <PasteBox onParsed={(v) => form.setFieldsValue(v)} />
      <Form form={form} initialValues={EMPTY} className='address-form' labelPosition='left' divider>
        <Form.Item label='收货人' name='name'>
          <Input placeholder='请填写收货人姓名' maxLength={20} clearable />
        </Form.Item>
        <Form.Item label='手机号码' name='phone'>
          <Input placeholder='请填写收货人手机号' type='number' maxLength={11} clearable />
        </Form.Item>
        <Form.Item label='所在地区' name='region'>
          <RegionField />
        </Form.Item>
        <Form.Item label='详细地址' name='detail'>
          <TextArea placeholder='街道、楼牌号等' maxLength={100} rows={2} autoSize />
        </Form.Item>
        <Form.Item label='标签' name='tag'>
          <TagField />
        </Form.Item>
        <Form.Item label='设为默认' name='isDefault' valuePropName='checked'>
          <Switch ariaLabel='设为默认地址' />
        </Form.Item>
      </Form>
      <View className='address-form__buttons'>
        <Button type='primary' block loading={saving} onClick={save}>
          保存
        </Button>
        {!!id && (
          <Button fill='outline' block onClick={remove}>
            删除地址
          </Button>
        )}
      </View>
    </PageLayout>
  )
}
