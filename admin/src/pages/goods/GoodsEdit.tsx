import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Switch, Table, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { GoodsInput } from '@contract/adminGoods'
import type { FreightTemplate } from '@contract/adminSettings'
import { freightTemplates } from '../../api/settings'
import { createGoods, goodsDetail, updateGoods } from '../../api/goods'
import { errorText, toast } from '../../core/feedback'
import { fenToYuan, yuanToFen } from '../../core/money'
import { navigate } from '../../core/router'
import { ImageInput, ImagesInput } from '../../components/ImagesInput'
import { RichText } from '../../components/RichText'
import { categoryOptions, useCatalog } from './useCatalog'
import { cleanGroups, comboKey, combinations, EMPTY_SKU, firstValueSpans, specsOf, type SkuDraft, type SpecGroupDraft } from './skus'

interface FormValues {
  name: string
  subtitle?: string
  categoryId?: number
  brandId?: number | null
  images: string[]
  detailHtml?: string
  tags?: string[]
  specGroups?: SpecGroupDraft[]
  onShelf: boolean
  isHot?: boolean
  isNew?: boolean
  freightTemplateId?: number | null
  perMemberLimit?: number | null
  minQuantity?: number | null
}

/** What is wrong with one SKU row (Chinese, for the table), or ''. */
function skuError(s: SkuDraft): string {
  const price = yuanToFen(s.price)
  if (price === null || price < 1) return '售价须为大于 0 的金额，最多两位小数'
  if (s.originalPrice !== '' && yuanToFen(s.originalPrice) === null) return '划线价须为金额，最多两位小数'
  if (s.stock === null || !Number.isInteger(s.stock) || s.stock < 0) return '库存须为不小于 0 的整数'
  if (s.costPrice !== '' && yuanToFen(s.costPrice) === null) return '成本价须为金额，最多两位小数'
  if (s.weight !== '' && !/^\d{1,7}$/.test(s.weight)) return '重量须为克数（整数）'
  if (!/^[A-Za-z0-9._/-]*$/.test(s.code)) return '货号只能含字母、数字和 - _ . /'
  if (!/^[0-9A-Za-z-]*$/.test(s.barcode)) return '条码只能含数字和字母'
  return ''
}

export default function GoodsEdit({ params }: { params: Record<string, string> }) {
  const id = params.id ? Number(params.id) : 0
  const [form] = Form.useForm<FormValues>()
  const { categories, brands } = useCatalog()
  const [freight, setFreight] = useState<FreightTemplate[]>([])
  // Loaded with the form and again each time its list opens: a template made meanwhile (设置 → 运费, another tab) is there.
  const loadFreight = useCallback(() => freightTemplates().then(setFreight, () => undefined), [])
  useEffect(() => {
    void loadFreight()
  }, [loadFreight])
  const [loading, setLoading] = useState(!!id)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const [showSkuErrors, setShowSkuErrors] = useState(false)
  // The message is at the top of a long form: brought into view where the operator pressed 保存.
  const errorBox = useRef<HTMLDivElement>(null)
  const showError = (msg: string) => {
    setError(msg)
    requestAnimationFrame(() => errorBox.current?.scrollIntoView({ block: 'center' }))
  }
  // Typed SKU values by combination, kept while specs change.
  const [skuMap, setSkuMap] = useState<Record<string, SkuDraft>>({})

  useEffect(() => {
    if (!id) return
    goodsDetail(id).then(
      (g) => {
        form.setFieldsValue({
          name: g.name,
          subtitle: g.subtitle,
          categoryId: g.categoryId,
          brandId: g.brandId,
          images: g.images,
          detailHtml: g.detailHtml,
          tags: g.tags,
          specGroups: g.specGroups,
          onShelf: g.status === 'on',
          isHot: g.isHot,
          isNew: g.isNew,
          freightTemplateId: g.freightTemplateId,
          perMemberLimit: g.perMemberLimit || null,
          minQuantity: g.minQuantity || null,
        })
        setSkuMap(
          Object.fromEntries(
            g.skus.map((s) => [
              comboKey(g.specGroups.map((gr) => s.specs[gr.name])),
              {
                id: s.id,
                price: fenToYuan(s.price),
                originalPrice: s.originalPrice ? fenToYuan(s.originalPrice) : '',
                stock: s.stock,
                image: s.image,
                code: s.code,
                barcode: s.barcode,
                weight: s.weight ? String(s.weight) : '',
                costPrice: s.costPrice ? fenToYuan(s.costPrice) : '',
              },
            ]),
          ),
        )
        setLoading(false)
      },
      (e) => setError(errorText(e)),
    )
  }, [id, form])

  const rawGroups = Form.useWatch('specGroups', form)
  const groups = useMemo(() => cleanGroups(rawGroups), [rawGroups])
  const combos = useMemo(() => combinations(groups), [groups])
  const skuRows = combos.map((values) => ({ key: comboKey(values), values, sku: skuMap[comboKey(values)] || EMPTY_SKU }))
  const setSku = (key: string, patch: Partial<SkuDraft>) => setSkuMap((m) => ({ ...m, [key]: { ...(m[key] || EMPTY_SKU), ...patch } }))
  // One picture a value of the first spec (a colour's picture for all its sizes): its cell spans those rows.
  const pictureSpans = firstValueSpans(skuRows, groups.length)
  const setPicture = (first: string | undefined, image: string) =>
    setSkuMap((m) => ({ ...m, ...Object.fromEntries(skuRows.filter((r) => groups.length < 2 || r.values[0] === first).map((r) => [r.key, { ...r.sku, image }])) }))
  const fillAll = (patch: Partial<SkuDraft>) => setSkuMap((m) => ({ ...m, ...Object.fromEntries(skuRows.map((r) => [r.key, { ...r.sku, ...patch }])) }))

  /**
   * A 批量填写 box: Enter or leaving it fills its column. Enter stays in the box (it would submit the form:
   * a half-filled goods item saved by the key meant to fill prices).
   */
  const batchFill = (patch: (value: string) => Partial<SkuDraft>) => ({
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key !== 'Enter') return
      e.preventDefault()
      const v = e.currentTarget.value.trim()
      if (v) fillAll(patch(v))
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      const v = e.target.value.trim()
      if (v) fillAll(patch(v))
    },
  })

  async function save(v: FormValues) {
    setError('')
    const bad = skuRows.find((r) => skuError(r.sku))
    if (bad) {
      setShowSkuErrors(true)
      showError(`规格「${bad.values.join(' / ') || '默认'}」：${skuError(bad.sku)}`)
      return
    }
    const body: GoodsInput = {
      name: v.name.trim(),
      subtitle: v.subtitle?.trim() || '',
      categoryId: v.categoryId!,
      brandId: v.brandId ?? null,
      images: v.images,
      detailHtml: v.detailHtml || '',
      tags: v.tags || [],
      specGroups: groups,
      skus: skuRows.map(({ values, sku }) => ({
        ...(sku.id ? { id: sku.id } : {}),
        specs: specsOf(groups, values),
        price: yuanToFen(sku.price)!,
        originalPrice: sku.originalPrice === '' ? 0 : yuanToFen(sku.originalPrice)!,
        stock: sku.stock!,
        ...(sku.image ? { image: sku.image } : {}),
        code: sku.code.trim(),
        barcode: sku.barcode.trim(),
        weight: sku.weight === '' ? 0 : Number(sku.weight),
        costPrice: sku.costPrice === '' ? 0 : yuanToFen(sku.costPrice)!,
      })),
      status: v.onShelf ? 'on' : 'off',
      isHot: !!v.isHot,
      isNew: !!v.isNew,
      freightTemplateId: v.freightTemplateId ?? null,
      perMemberLimit: v.perMemberLimit || 0,
      minQuantity: v.minQuantity || 0,
    }
    setSaving(true)
    try {
      if (id) {
        await updateGoods(id, body)
        toast.success('已保存')
      } else {
        const r = await createGoods(body)
        toast.success('已创建商品')
        navigate(`/goods/${r.id}`, { replace: true })
      }
    } catch (e) {
      // The server's Chinese message (e.g. 价格超出范围); nothing was saved.
      showError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  if (loading) return error ? <Alert type='error' showIcon message={error} /> : <Spin style={{ display: 'block', margin: '80px auto' }} />
  return (
    <PageContainer title={id ? '编辑商品' : '新建商品'} onBack={() => navigate('/goods')}>
      <Form<FormValues>
        form={form}
        layout='vertical'
        initialValues={{ images: [], onShelf: false, specGroups: [] }}
        onFinish={save}
        onFinishFailed={() => setError('请按提示修改标红的内容')}
        scrollToFirstError
      >
        <div ref={errorBox}>{error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' data-testid='form-error' />}</div>
        <Card title='基本信息' style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label='商品名称'
                name='name'
                rules={[
                  { required: true, whitespace: true, message: '请填写商品名称' },
                  { max: 128, message: '商品名称最多 128 个字' },
                ]}
              >
                <Input placeholder='如：青花瓷茶杯 两只装' />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label='副标题' name='subtitle' rules={[{ max: 256, message: '副标题最多 256 个字' }]}>
                <Input placeholder='一句卖点' />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label='分类' name='categoryId' rules={[{ required: true, message: '请选择分类' }]}>
                <Select placeholder='选择分类' options={categoryOptions(categories, { leavesOnly: true })} showSearch optionFilterProp='label' />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label='品牌' name='brandId'>
                <Select placeholder='无品牌' allowClear options={brands.map((b) => ({ value: b.id, label: b.name }))} showSearch optionFilterProp='label' />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label='标签' name='tags' extra='「包邮」不用填写：按商品的运费模板自动显示（模板免运费，或售价已达包邮门槛）。' rules={[{ type: 'array', max: 5, message: '最多 5 个标签' }]}>
                <Select mode='tags' placeholder='输入后回车' tokenSeparators={[',', '，']} maxTagTextLength={16} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label='商品图片（第一张为封面，最多 10 张）' name='images' rules={[{ type: 'array', min: 1, message: '请至少上传一张商品图片' }]}>
            <ImagesInput />
          </Form.Item>
        </Card>

        <Card title='规格与库存' style={{ marginBottom: 16 }}>
          <Form.List name='specGroups'>
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align='start' wrap style={{ display: 'flex', marginBottom: 8 }}>
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '请填写规格名' }]} style={{ marginBottom: 0 }}>
                      <Input placeholder={`规格名，如${i === 0 ? '颜色' : '尺码'}`} style={{ width: 160 }} aria-label={`规格${i + 1}名称`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'values']} rules={[{ required: true, type: 'array', min: 1, message: '请填写规格值' }]} style={{ marginBottom: 0 }}>
                      <Select mode='tags' placeholder='规格值，输入后回车' style={{ minWidth: 280 }} tokenSeparators={[',', '，']} aria-label={`规格${i + 1}的值`} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label='删除规格' />
                  </Space>
                ))}
                {fields.length < 3 && (
                  <div style={{ marginBottom: 16 }}>
                    <Button icon={<PlusOutlined />} onClick={() => add({ name: '', values: [] })}>
                      添加规格
                    </Button>
                  </div>
                )}
              </>
            )}
          </Form.List>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text type='secondary'>批量填写：</Typography.Text>
            <Input placeholder='售价（元）' style={{ width: 120 }} {...batchFill((v) => ({ price: v }))} aria-label='批量售价' />
            <Input placeholder='划线价（元）' style={{ width: 120 }} {...batchFill((v) => ({ originalPrice: v }))} aria-label='批量划线价' />
            <InputNumber placeholder='库存' min={0} precision={0} style={{ width: 100 }} {...batchFill((v) => ({ stock: Number(v) }))} aria-label='批量库存' />
          </Space>
          <Table
            size='small'
            rowKey='key'
            pagination={false}
            scroll={{ x: 1200 }}
            dataSource={skuRows}
            data-testid='sku-table'
            columns={[
              ...groups.map((g, i) => ({ title: g.name, key: `g${i}`, render: (_: unknown, r: (typeof skuRows)[number]) => r.values[i] })),
              ...(groups.length ? [] : [{ title: '规格', key: 'default', render: () => '默认' }]),
              {
                title: '售价（元）',
                key: 'price',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <Input
                    value={r.sku.price}
                    status={showSkuErrors && (yuanToFen(r.sku.price) ?? 0) < 1 ? 'error' : undefined}
                    onChange={(e) => setSku(r.key, { price: e.target.value })}
                    placeholder='0.00'
                    style={{ width: 110 }}
                    aria-label={`${r.values.join('/') || '默认'} 售价`}
                  />
                ),
              },
              {
                title: '划线价（元）',
                key: 'originalPrice',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <Input
                    value={r.sku.originalPrice}
                    status={showSkuErrors && r.sku.originalPrice !== '' && yuanToFen(r.sku.originalPrice) === null ? 'error' : undefined}
                    onChange={(e) => setSku(r.key, { originalPrice: e.target.value })}
                    placeholder='可不填'
                    style={{ width: 110 }}
                    aria-label={`${r.values.join('/') || '默认'} 划线价`}
                  />
                ),
              },
              {
                title: '库存',
                key: 'stock',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <InputNumber
                    value={r.sku.stock}
                    min={0}
                    precision={0}
                    status={showSkuErrors && r.sku.stock === null ? 'error' : undefined}
                    onChange={(v) => setSku(r.key, { stock: v === null ? null : Number(v) })}
                    style={{ width: 100 }}
                    aria-label={`${r.values.join('/') || '默认'} 库存`}
                  />
                ),
              },
              {
                title: '成本价（元）',
                key: 'costPrice',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <Input
                    value={r.sku.costPrice}
                    status={showSkuErrors && r.sku.costPrice !== '' && yuanToFen(r.sku.costPrice) === null ? 'error' : undefined}
                    onChange={(e) => setSku(r.key, { costPrice: e.target.value })}
                    placeholder='可不填'
                    style={{ width: 100 }}
                    aria-label={`${r.values.join('/') || '默认'} 成本价`}
                  />
                ),
              },
              {
                title: '货号',
                key: 'code',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <Input
                    value={r.sku.code}
                    onChange={(e) => setSku(r.key, { code: e.target.value })}
                    placeholder='可不填'
                    style={{ width: 120 }}
                    maxLength={64}
                    aria-label={`${r.values.join('/') || '默认'} 货号`}
                  />
                ),
              },
              {
                title: '条码',
                key: 'barcode',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <Input
                    value={r.sku.barcode}
                    onChange={(e) => setSku(r.key, { barcode: e.target.value })}
                    placeholder='可不填'
                    style={{ width: 130 }}
                    maxLength={64}
                    aria-label={`${r.values.join('/') || '默认'} 条码`}
                  />
                ),
              },
              {
                title: '重量（克）',
                key: 'weight',
                render: (_: unknown, r: (typeof skuRows)[number]) => (
                  <Input
                    value={r.sku.weight}
                    status={showSkuErrors && r.sku.weight !== '' && !/^\d{1,7}$/.test(r.sku.weight) ? 'error' : undefined}
                    onChange={(e) => setSku(r.key, { weight: e.target.value })}
                    placeholder='可不填'
                    style={{ width: 90 }}
                    aria-label={`${r.values.join('/') || '默认'} 重量`}
                  />
                ),
              },
              {
                title: groups.length > 1 ? `图片（按${groups[0].name}）` : '图片',
                key: 'image',
                // The widest form at 1280 scrolls sideways: the picture (with its 删除图片) stays in sight at the right.
                fixed: 'right' as const,
                width: 120,
                onCell: (_: unknown, i?: number) => ({ rowSpan: pictureSpans[i ?? 0] }),
                render: (_: unknown, r: (typeof skuRows)[number]) => <ImageInput value={r.sku.image} onChange={(image) => setPicture(r.values[0], image)} />,
              },
            ]}
          />
        </Card>

        <Card title='商品详情' style={{ marginBottom: 16 }}>
          <Form.Item name='detailHtml' noStyle>
            <RichText placeholder='图文详情' />
          </Form.Item>
        </Card>

        <Card title='上架与标记' style={{ marginBottom: 16 }}>
          <Space size='large' wrap>
            <Form.Item
              label='运费模板'
              name='freightTemplateId'
              extra={
                <>
                  不选则用默认模板。
                  <a href='/admin/settings/freight' target='_blank' rel='noreferrer' style={{ textDecoration: 'underline' }}>
                    新建模板
                  </a>
                  后展开此列表即可选择
                </>
              }
              style={{ minWidth: 220 }}
            >
              <Select
                placeholder={`默认模板${freight.find((f) => f.isDefault) ? `（${freight.find((f) => f.isDefault)!.name}）` : ''}`}
                allowClear
                onDropdownVisibleChange={(open) => open && void loadFreight()}
                data-testid='goods-freight'
                options={freight.map((f) => ({ value: f.id, label: `${f.name}${f.isDefault ? '（默认）' : ''}` }))}
              />
            </Form.Item>
            <Form.Item label='上架' name='onShelf' valuePropName='checked'>
              <Switch checkedChildren='上架' unCheckedChildren='下架' />
            </Form.Item>
            <Form.Item name='isHot' valuePropName='checked' style={{ marginTop: 30 }}>
              <Checkbox>热卖</Checkbox>
            </Form.Item>
            <Form.Item name='isNew' valuePropName='checked' style={{ marginTop: 30 }}>
              <Checkbox>新品</Checkbox>
            </Form.Item>
          </Space>
        </Card>

        <Card title='购买限制' style={{ marginBottom: 16 }}>
          <Space size='large' wrap align='start'>
            <Form.Item label='每人限购' name='perMemberLimit' extra='每位会员累计最多可买的件数（未取消的订单，退款的件数不计）；不填为不限' style={{ maxWidth: 300 }}>
              <InputNumber min={1} max={9999} precision={0} addonAfter='件' placeholder='不限' data-testid='goods-per-member-limit' style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              label='起购数量'
              name='minQuantity'
              dependencies={['perMemberLimit']}
              extra='每笔订单至少购买的件数；不填为不限'
              style={{ maxWidth: 300 }}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: number | null) => {
                    const limit = getFieldValue('perMemberLimit') as number | null | undefined
                    return value && limit && value > limit ? Promise.reject(new Error('起购数量不能大于每人限购')) : Promise.resolve()
                  },
                }),
              ]}
            >
              <InputNumber min={1} max={9999} precision={0} addonAfter='件' placeholder='不限' data-testid='goods-min-quantity' style={{ width: 160 }} />
            </Form.Item>
          </Space>
        </Card>
        <Space>
          <Button type='primary' htmlType='submit' loading={saving}>
            保存
          </Button>
          <Button onClick={() => navigate('/goods')}>返回列表</Button>
        </Space>
      </Form>
    </PageContainer>
  )
}
