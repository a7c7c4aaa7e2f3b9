import { useEffect, useRef, useState } from 'react'
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Image, InputNumber, Modal, Popconfirm, Space, Table, Typography } from 'antd'
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import type { AdminGoodsRow, AdminSku } from '@contract/adminGoods'
import { changeStock, copyGoods, deleteGoods, goodsDetail, goodsExportUrl, goodsList, setShelf } from '../../api/goods'
import { GoodsImport } from './GoodsImport'
import { run, toast } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { useLatest } from '../../hooks/useLatest'
import { categoryOptions, useCatalog } from './useCatalog'

type StockRow = AdminSku & { goodsName: string; delta: number }

/** Batch stock: every SKU of the chosen goods, each with its own change (or one change for all). */
function StockModal({ ids, onClose }: { ids: number[]; onClose: (changed: boolean) => void }) {
  const [rows, setRows] = useState<StockRow[] | null>(null)
  const [saving, setSaving] = useState(false)
  // Loaded for the chosen goods; onClose may be a new function on each render.
  const close = useLatest(onClose)
  useEffect(() => {
    void run(Promise.all(ids.map((id) => goodsDetail(id)))).then((list) => (list ? setRows(list.flatMap((g) => g.skus.map((s) => ({ ...s, goodsName: g.name, delta: 0 })))) : close.current(false)))
  }, [ids, close])
  const setDelta = (id: number | 'all', delta: number) => setRows((r) => r && r.map((x) => (id === 'all' || x.id === id ? { ...x, delta } : x)))
  async function save() {
    const items = (rows || []).filter((r) => r.delta !== 0).map((r) => ({ skuId: r.id, delta: r.delta }))
    if (!items.length) return toast.error('请填写要调整的库存数量')
    const bad = (rows || []).find((r) => r.stock + r.delta < 0)
    if (bad) return toast.error(`「${bad.goodsName} ${bad.specText}」库存不能少于 0`)
    setSaving(true)
    const r = await run(changeStock({ items }))
    setSaving(false)
    if (r) {
      toast.success(`已调整 ${r.count} 个规格的库存`)
      onClose(true)
    }
  }
  return (
    <Modal open title='批量改库存' width={720} onCancel={() => onClose(false)} onOk={save} okText='保存' confirmLoading={saving} destroyOnClose>
      <Space style={{ marginBottom: 12 }}>
        全部增减
        <InputNumber precision={0} placeholder='如 10 或 -5' onChange={(v) => setDelta('all', Number(v) || 0)} aria-label='全部增减' />
      </Space>
      <Table<StockRow>
        size='small'
        rowKey='id'
        loading={!rows}
        dataSource={rows || []}
        pagination={false}
        scroll={{ y: 360 }}
        columns={[
          { title: '商品', dataIndex: 'goodsName', ellipsis: true },
          { title: '规格', dataIndex: 'specText' },
          { title: '现库存', dataIndex: 'stock', width: 90 },
          { title: '增减', width: 130, render: (_, r) => <InputNumber precision={0} value={r.delta} onChange={(v) => setDelta(r.id, Number(v) || 0)} aria-label={`${r.specText} 增减`} /> },
          { title: '调整后', width: 90, render: (_, r) => <Typography.Text type={r.stock + r.delta < 0 ? 'danger' : undefined}>{r.stock + r.delta}</Typography.Text> },
        ]}
      />
    </Modal>
  )
}

export default function GoodsList() {
  const action = useRef<ActionType>()
  const { can } = useSession()
  const { categories, brands } = useCatalog()
  const [stockIds, setStockIds] = useState<number[] | null>(null)
  const writable = can('goods.write')
  const mobile = useMobile()

  async function shelf(ids: number[], status: 'on' | 'off') {
    const r = await run(setShelf({ ids, status }))
    if (r) {
      toast.success(`已${status === 'on' ? '上架' : '下架'} ${r.count} 件商品`)
      action.current?.clearSelected?.()
      action.current?.reload()
    }
  }

  async function copy(r: AdminGoodsRow) {
    const c = await run(copyGoods(r.id))
    if (c) {
      toast.success('已复制为下架商品，填写库存后即可上架')
      navigate(`/goods/${c.id}`)
    }
  }
  async function remove(r: AdminGoodsRow) {
    if (await run(deleteGoods(r.id), '已删除')) action.current?.reload()
  }

  const columns: ProColumns<AdminGoodsRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '商品名称或编号' } },
    {
      title: '商品',
      dataIndex: 'name',
      search: false,
      width: 280,
      render: (_, r) => (
        <Space>
          <Image src={r.mainImage} alt={r.name} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
          <span style={{ display: 'inline-block', maxWidth: 200 }}>
            <Typography.Link ellipsis onClick={() => navigate(`/goods/${r.id}`)} style={{ maxWidth: 200 }}>
              {r.name}
            </Typography.Link>
            <br />
            <Typography.Text type='secondary'>编号 {r.id}</Typography.Text>
          </span>
        </Space>
      ),
    },
    {
      title: '分类',
      dataIndex: 'categoryId',
      width: 110,
      valueType: 'select',
      fieldProps: { options: categoryOptions(categories), showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => r.categoryName,
    },
    {
      title: '品牌',
      dataIndex: 'brandId',
      width: 100,
      valueType: 'select',
      fieldProps: { options: brands.map((b) => ({ value: b.id, label: b.name })), showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => r.brandName || '—',
    },
    // One price, or the range of the SKUs' prices (¥59.00–¥129.00).
    {
      title: '售价',
      dataIndex: 'price',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => (r.maxPrice > r.price ? `¥${fenToYuan(r.price)}–${fenToYuan(r.maxPrice)}` : `¥${fenToYuan(r.price)}`),
    },
    { title: '库存', dataIndex: 'stock', search: false, width: 70, align: 'right', render: (_, r) => (r.stock <= 10 ? <Typography.Text type='danger'>{r.stock}</Typography.Text> : r.stock) },
    { title: '销量', dataIndex: 'sales', search: false, width: 80, align: 'right' },
    { title: '状态', dataIndex: 'status', valueType: 'select', width: 80, valueEnum: { on: { text: '已上架', status: 'Success' }, off: { text: '已下架', status: 'Default' } } },
    { title: '库存预警', dataIndex: 'lowStock', hideInTable: true, valueType: 'select', valueEnum: { 10: { text: '库存 ≤ 10' }, 0: { text: '已售罄' } } },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', search: false, width: 150, render: (_, r) => dateTime(r.updatedAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 170,
      fixed: 'right' as const,
      hideInTable: !writable,
      render: (_, r) => [
        <a key='edit' onClick={() => navigate(`/goods/${r.id}`)}>
          编辑
        </a>,
        r.status === 'on' ? (
          <a key='off' onClick={() => shelf([r.id], 'off')}>
            下架
          </a>
        ) : (
          <a key='on' onClick={() => shelf([r.id], 'on')}>
            上架
          </a>
        ),
        <a key='copy' onClick={() => copy(r)}>
          复制
        </a>,
        <Popconfirm key='delete' title={`删除「${r.name}」？`} description='已有订单的商品不能删除，可以下架' okText='删除' okButtonProps={{ danger: true }} onConfirm={() => remove(r)}>
          <a>删除</a>
        </Popconfirm>,
      ],
    },
  ]

  return (
    <PageContainer title='商品列表'>
      <ProTable<AdminGoodsRow>
        actionRef={action}
        rowKey='id'
        columns={columns}
        scroll={{ x: 940 }}
        // 更新时间 is one click away in the column settings: the rest fits a 1280 px screen.
        columnsState={{ defaultValue: { updatedAt: { show: false } } }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        request={async (params) => {
          const { current, pageSize, keyword, categoryId, brandId, status, lowStock } = params
          const r = await run(
            goodsList({
              page: current,
              pageSize,
              keyword: keyword || undefined,
              categoryId: categoryId || undefined,
              brandId: brandId || undefined,
              status,
              lowStock: lowStock === undefined ? undefined : Number(lowStock),
            }),
          )
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        rowSelection={writable ? { getCheckboxProps: (r: { name: string }) => ({ 'aria-label': `选择 ${r.name}` }) as object } : false}
        tableAlertOptionRender={({ selectedRowKeys }) => (
          <Space>
            <a onClick={() => shelf(selectedRowKeys as number[], 'on')}>批量上架</a>
            <a onClick={() => shelf(selectedRowKeys as number[], 'off')}>批量下架</a>
            <a onClick={() => setStockIds(selectedRowKeys as number[])}>批量改库存</a>
          </Space>
        )}
        toolBarRender={() => [
          // On a phone the three buttons are icons beside 新建商品 (their words made the page wider than 375).
          <Button key='export' icon={<DownloadOutlined />} href={goodsExportUrl()} download aria-label={mobile ? '导出商品' : undefined} title={mobile ? '导出商品' : undefined}>
            {mobile ? null : '导出商品'}
          </Button>,
          ...(writable
            ? [
                <GoodsImport key='import' iconOnly={mobile} onDone={() => action.current?.reload()} />,
                <Button key='new' type='primary' icon={<PlusOutlined />} onClick={() => navigate('/goods/new')}>
                  新建商品
                </Button>,
              ]
            : []),
        ]}
      />
      {stockIds && (
        <StockModal
          ids={stockIds}
          onClose={(changed) => {
            setStockIds(null)
            if (changed) action.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
