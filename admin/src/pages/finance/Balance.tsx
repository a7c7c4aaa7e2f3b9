import { useCallback, useEffect, useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Alert, Card, Checkbox, Drawer, Form, Input, Space, Statistic, Table, Tag, Typography } from 'antd'
import type { AdminBalanceLedgerRow, AdminBalanceMember, AdminBalanceSummary } from '@contract/adminBalance'
import { adjustBalance, balanceLedger, balanceMembers, balanceSummary } from '../../api/balance'
import { errorText, run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanToFen } from '../../core/money'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'
import { ResponsiveList } from '../../components/ResponsiveList'

const signed = (fen: number) => (
  <Typography.Text type={fen >= 0 ? 'success' : 'danger'}>
    {fen > 0 ? '+' : ''}
    {fenToYuan(fen)}
  </Typography.Text>
)

const SORTS = { balance_desc: '余额从高到低', balance_asc: '余额从低到高', recent: '最近变动' }

/** One submission of the adjustment form (the server adjusts once per id, so a double click adjusts once). */
const newRequestId = () => `adj${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

interface AdjustForm {
  amount: string
  withdrawable?: boolean
  reason: string
}

/** One member's ledger, newest first. */
function MemberLedger({ memberId }: { memberId: number }) {
  const [rows, setRows] = useState<AdminBalanceLedgerRow[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    setLoading(true)
    balanceLedger({ memberId, page, pageSize: 10 })
      .then((r) => (setRows(r.list), setTotal(r.total)))
      .catch(() => setRows([]))
      .finally(() => setLoading(false))
  }, [memberId, page])
  return (
    <Table
      size='small'
      rowKey='id'
      loading={loading}
      dataSource={rows}
      pagination={{ current: page, pageSize: 10, total, onChange: setPage }}
      scroll={{ x: 560 }}
      columns={[
        { title: '时间', render: (_, r) => dateTime(r.createdAt), width: 150 },
        { title: '类型', dataIndex: 'kindText', width: 110 },
        { title: '变动（元）', render: (_, r) => signed(r.amount), align: 'right', width: 110 },
        { title: '余额（元）', render: (_, r) => fenToYuan(r.balanceAfter), align: 'right', width: 110 },
        { title: '说明', dataIndex: 'note' },
      ]}
    />
  )
}

/** 财务 → 余额: what the shop owes its shoppers, whether the ledgers add up, each member's balance and ledger, adjustments. */
export default function Balance() {
  const canAdjust = useSession().can('balance.adjust')
  const [summary, setSummary] = useState<AdminBalanceSummary | null>(null)
  const [error, setError] = useState('')
  const [open, setOpen] = useState<AdminBalanceMember | null>(null)
  const [adjusting, setAdjusting] = useState<AdminBalanceMember | null>(null)
  const requestId = useRef(newRequestId())
  const list = useRef<ActionType>()
  const loadSummary = useCallback(() => balanceSummary().then(setSummary, (e) => setError(errorText(e))), [])
  useEffect(() => void loadSummary(), [loadSummary])

  const columns: ProColumns<AdminBalanceMember>[] = [
    { title: '手机号或昵称', dataIndex: 'keyword', hideInTable: true },
    { title: '排序', dataIndex: 'sort', hideInTable: true, valueType: 'select', valueEnum: SORTS, initialValue: 'balance_desc' },
    { title: '会员', search: false, width: 240, ellipsis: true, render: (_, r) => `${r.nickname || '未设置昵称'} ${r.phone}` },
    { title: '余额（元）', dataIndex: 'balance', search: false, align: 'right', width: 120, render: (_, r) => fenToYuan(r.balance) },
    { title: '可提现（元）', dataIndex: 'withdrawable', search: false, align: 'right', width: 120, render: (_, r) => fenToYuan(r.withdrawable) },
    {
      title: '明细合计',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => (r.ledgerTotal === r.balance ? fenToYuan(r.ledgerTotal) : <Tag color='red'>{fenToYuan(r.ledgerTotal)} 不一致</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      search: false,
      width: 150,
      render: (_, r) => (
        <Space>
          <a onClick={() => setOpen(r)}>明细</a>
          {canAdjust && (
            <a
              onClick={() => {
                requestId.current = newRequestId()
                setAdjusting(r)
              }}
            >
              调整余额
            </a>
          )}
        </Space>
      ),
    },
  ]

  return (
    <PageContainer title='余额'>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      {summary && (
        <Card style={{ marginBottom: 16 }}>
          <Space size={48} wrap>
            <Statistic title='会员余额合计（元，店铺应付）' value={fenToYuan(summary.total)} />
            <Statistic title='其中可提现（元）' value={fenToYuan(summary.withdrawable)} />
            <Statistic title='待支付订单占用（元）' value={fenToYuan(summary.held)} />
            <Statistic title='有余额的会员' value={summary.members} />
          </Space>
          <div style={{ marginTop: 16 }}>
            {summary.identityOk ? (
              <Alert type='success' showIcon message={`账实核对一致：余额明细合计 ¥${fenToYuan(summary.ledgerTotal)}，等于会员余额合计`} />
            ) : (
              <Alert
                type='error'
                showIcon
                message={`账实不一致：余额明细合计 ¥${fenToYuan(summary.ledgerTotal)}，会员余额合计 ¥${fenToYuan(summary.total)}`}
                description={summary.mismatches.map((m) => `${m.nickname || '会员'} ${m.phone}：余额 ¥${fenToYuan(m.balance)}，明细合计 ¥${fenToYuan(m.ledgerTotal)}`).join('；')}
              />
            )}
          </div>
        </Card>
      )}
      <ResponsiveList<AdminBalanceMember>
        rowKey='memberId'
        actionRef={list}
        columns={columns}
        request={async (p) => {
          const r = await run(balanceMembers({ page: p.current, pageSize: p.pageSize, keyword: p.keyword || undefined, sort: p.sort || undefined }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({ title: `${r.nickname || '未设置昵称'} ${r.phone}`, subTitle: `余额 ¥${fenToYuan(r.balance)}`, description: `可提现 ¥${fenToYuan(r.withdrawable)}` })}
      />
      <Drawer open={!!open} width={720} title={open ? `余额明细 · ${open.nickname || ''} ${open.phone}` : ''} onClose={() => setOpen(null)} destroyOnClose>
        {open && <MemberLedger memberId={open.memberId} />}
      </Drawer>
      <FormModal<AdjustForm>
        open={!!adjusting}
        title={adjusting ? `调整余额 · ${adjusting.nickname || ''} ${adjusting.phone}` : '调整余额'}
        onClose={() => setAdjusting(null)}
        onSubmit={async (v) => {
          const amount = yuanToFen(v.amount)!
          await adjustBalance({ memberId: adjusting!.memberId, amount, withdrawable: amount > 0 && !!v.withdrawable, reason: v.reason.trim(), requestId: requestId.current })
          list.current?.reload()
          await loadSummary()
        }}
      >
        <Form.Item
          label={`增减金额（元，当前余额 ${fenToYuan(adjusting?.balance ?? 0)}，负数为扣减）`}
          name='amount'
          rules={[
            {
              validator: (_, value) => {
                const fen = yuanToFen(value)
                if (value === undefined || value === '') return Promise.reject(new Error('请填写调整金额'))
                if (fen === null) return Promise.reject(new Error('调整金额须为金额，最多两位小数'))
                if (fen === 0) return Promise.reject(new Error('调整金额不能为 0'))
                if (adjusting && fen < -adjusting.balance) return Promise.reject(new Error(`最多扣减 ${fenToYuan(adjusting.balance)} 元`))
                return Promise.resolve()
              },
            },
          ]}
        >
          <Input placeholder='如 20 或 -5.5' style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name='withdrawable' valuePropName='checked'>
          <Checkbox>增加的金额可提现（默认不可提现）</Checkbox>
        </Form.Item>
        <Form.Item
          label='调整原因（记入余额明细和操作日志）'
          name='reason'
          rules={[
            { required: true, whitespace: true, message: '请填写调整原因' },
            { max: 100, message: '最多 100 个字' },
          ]}
        >
          <Input placeholder='如：客诉补偿' />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
