import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Alert, Button, Descriptions, Form, Input, Space, Tabs, Tag, Typography } from 'antd'
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons'
import type { AdminWithdrawal, PayByHandBody, RefuseBody, WithdrawalAccountReply, WithdrawalState } from '@contract/adminAgents'
import { payByHand, refuseWithdrawal, transferWithdrawal, withdrawalAccount, withdrawalList, withdrawalsExportUrl } from '../../api/agents'
import { confirm, run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useQueryTab } from '../../core/useQueryTab'
import { FormModal } from '../../components/FormModal'
import { ResponsiveList } from '../../components/ResponsiveList'

const STATE: Record<string, { text: string; color: string }> = { pending: { text: '待打款', color: 'orange' }, paid: { text: '已打款', color: 'green' }, rejected: { text: '已驳回', color: 'red' } }
const TABS = [
  { key: 'pending', label: '待打款' },
  { key: 'paid', label: '已打款' },
  { key: 'rejected', label: '已驳回' },
  { key: 'all', label: '全部' },
]
const TAB_KEYS = TABS.map((t) => t.key)
const TRANSFER_TEXT: Record<string, string> = {
  CREATING: '转账发起中',
  ACCEPTED: '微信已受理',
  PROCESSING: '转账处理中',
  WAIT_USER_CONFIRM: '等待代理确认收款',
  TRANSFERING: '转账中',
  SUCCESS: '转账成功',
  FAIL: '转账失败',
  CANCELLED: '转账已撤销',
}

/** A card number in groups of four, as it is typed into a bank's transfer form. */
const grouped = (no: string) => no.replace(/(\d{4})(?=\d)/g, '$1 ')

/**
 * The payee's whole bank account, fetched only when the staff member paying asks for it: the server records each
 * look in the operation log. Lists and cards keep showing the masked account.
 */
function FullAccount({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const [account, setAccount] = useState<WithdrawalAccountReply | null>(null)
  const [busy, setBusy] = useState(false)
  if (!account)
    return (
      <Space direction='vertical' style={{ marginBottom: 16 }}>
        <Button
          icon={<EyeOutlined />}
          loading={busy}
          onClick={async () => {
            setBusy(true)
            const a = await run(withdrawalAccount(withdrawal.id))
            setBusy(false)
            if (a) setAccount(a)
          }}
        >
          查看完整收款账户
        </Button>
        <Typography.Text type='secondary'>银行卡号平时隐藏；查看会记入操作日志。</Typography.Text>
      </Space>
    )
  return (
    <>
      <Descriptions bordered size='small' column={1} style={{ marginBottom: 8 }}>
        <Descriptions.Item label='收款人'>
          <Typography.Text copyable>{account.accountName}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label='开户银行'>
          <Typography.Text copyable>{account.bankName}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label='开户支行'>{account.bankBranch ? <Typography.Text copyable>{account.bankBranch}</Typography.Text> : '代理未填写'}</Descriptions.Item>
        <Descriptions.Item label='银行卡号'>
          <Typography.Text copyable={{ text: account.accountNo }} strong>
            {grouped(account.accountNo)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label='打款金额'>
          <strong>{yuanLabel(account.actualAmount)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <Alert type='info' showIcon style={{ marginBottom: 16 }} message='本次查看已记入操作日志。打款时请核对收款人姓名与银行卡号。' />
    </>
  )
}

/**
 * 提现审核: pay through the payout adapter (WeChat merchant transfer, where configured) or by hand with the bank's
 * reference number, or refuse with a reason (the amount goes back to the agent's available balance, once).
 */
export default function Withdrawals() {
  const [status, setStatus] = useQueryTab('status', TAB_KEYS, 'pending')
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null)
  const [refusing, setRefusing] = useState<AdminWithdrawal | null>(null)
  const action = useRef<ActionType>()
  const writable = useSession().can('withdrawals.write')
  const filters = { status: status === 'all' ? undefined : (status as WithdrawalState) }

  const transfer = async (w: AdminWithdrawal) => {
    if (!(await confirm(`通过微信商家转账支付 ${yuanLabel(w.actualAmount)}？`, `${w.shopName} · ${w.accountName}。代理需在微信中确认收款，到账后自动标记为已打款。`))) return
    if (await run(transferWithdrawal(w.id), '已发起微信转账')) action.current?.reload()
  }
  const actions = (w: AdminWithdrawal) =>
    w.status === 'pending' && writable && !w.transferState
      ? [
          w.canTransfer && (
            <a key='t' onClick={(e) => (e.stopPropagation(), transfer(w))}>
              微信转账
            </a>
          ),
          <a key='p' onClick={(e) => (e.stopPropagation(), setPaying(w))}>
            确认打款
          </a>,
          <a key='r' onClick={(e) => (e.stopPropagation(), setRefusing(w))}>
            驳回
          </a>,
        ].filter(Boolean)
      : []
  const state = (w: AdminWithdrawal) => (
    <Space size={4} wrap>
      <Tag color={STATE[w.status].color}>{STATE[w.status].text}</Tag>
      {w.transferState && <Tag>{TRANSFER_TEXT[w.transferState] || w.transferState}</Tag>}
    </Space>
  )
  const detail = (w: AdminWithdrawal) =>
    w.status === 'paid' ? (w.referenceNo ? `凭证号 ${w.referenceNo}` : '微信转账') : w.status === 'rejected' ? `驳回：${w.rejectReason}` : w.failReason ? `上次转账失败：${w.failReason}` : ''

  const columns: ProColumns<AdminWithdrawal>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '提现单号或店铺名' } },
    { title: '提现单号', dataIndex: 'withdrawNo', search: false, width: 200 },
    { title: '代理店铺', dataIndex: 'shopName', search: false, width: 140, render: (_, w) => <a onClick={() => navigate(`/agents/list/${w.shopId}`)}>{w.shopName}</a> },
    // One money column (应打款, with the amount asked and the fee under it) instead of three: the list fits a 1280 px window better.
    {
      title: '应打款',
      dataIndex: 'actualAmount',
      search: false,
      width: 150,
      align: 'right',
      render: (_, w) => (
        <Space direction='vertical' size={0}>
          <strong>{yuanLabel(w.actualAmount)}</strong>
          <Typography.Text type='secondary'>
            申请 {yuanLabel(w.amount)} · 手续费 {yuanLabel(w.fee)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '收款账户', search: false, width: 200, ellipsis: true, render: (_, w) => `${w.accountName} · ${w.methodText} ${w.accountText}` },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 160,
      render: (_, w) => (
        <Space direction='vertical' size={0}>
          {state(w)}
          <Typography.Text type='secondary'>{detail(w)}</Typography.Text>
        </Space>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, w) => dateTime(w.createdAt) },
    { title: '操作', valueType: 'option', width: 170, render: (_, w) => actions(w) },
  ]

  return (
    <PageContainer title='提现审核'>
      <Tabs activeKey={status} onChange={setStatus} items={TABS} />
      <ResponsiveList<AdminWithdrawal>
        rowKey='id'
        actionRef={action}
        columns={columns}
        params={{ status }}
        scrollX={1180}
        request={async (p) => {
          const r = await run(withdrawalList({ ...filters, keyword: p.keyword?.trim() || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        toolBarRender={() => [
          <Button key='export' icon={<DownloadOutlined />} href={withdrawalsExportUrl(filters)} download>
            导出 CSV
          </Button>,
        ]}
        card={(w) => ({
          title: `${w.shopName} ${yuanLabel(w.actualAmount)}`,
          subTitle: state(w),
          content: (
            <div>
              {w.accountName} · {w.methodText} {w.accountText}
              {detail(w) && <div>{detail(w)}</div>}
            </div>
          ),
          description: `${w.withdrawNo} · 申请 ${yuanLabel(w.amount)} 手续费 ${yuanLabel(w.fee)} · ${dateTime(w.createdAt)}`,
          actions: actions(w) as never,
        })}
      />
      <FormModal<PayByHandBody>
        open={!!paying}
        title='确认已线下打款'
        okText='确认打款'
        onClose={() => setPaying(null)}
        onSubmit={async (v) => {
          await payByHand(paying!.id, { referenceNo: v.referenceNo.trim() })
          action.current?.reload()
        }}
      >
        {paying && (
          <Typography.Paragraph>
            向 <strong>{paying.accountName}</strong>（{paying.methodText} {paying.accountText}）打款 <strong>{yuanLabel(paying.actualAmount)}</strong>，完成后填写银行或转账凭证号。
          </Typography.Paragraph>
        )}
        {paying?.method === 'bank' && <FullAccount key={paying.id} withdrawal={paying} />}
        <Form.Item name='referenceNo' label='打款凭证号' rules={[{ required: true, whitespace: true, message: '请填写打款凭证号' }, { min: 4, message: '凭证号至少 4 位' }, { max: 64 }]}>
          <Input placeholder='银行流水号或转账单号' maxLength={64} />
        </Form.Item>
      </FormModal>
      <FormModal<RefuseBody>
        open={!!refusing}
        title='驳回提现'
        okText='驳回并退回余额'
        onClose={() => setRefusing(null)}
        onSubmit={async (v) => {
          await refuseWithdrawal(refusing!.id, { reason: v.reason.trim() })
          action.current?.reload()
        }}
      >
        {refusing && (
          <Typography.Paragraph>
            {yuanLabel(refusing.amount)} 将退回「{refusing.shopName}」的可提现余额。
          </Typography.Paragraph>
        )}
        <Form.Item name='reason' label='驳回原因（代理可见）' rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }, { max: 120 }]}>
          <Input.TextArea rows={3} maxLength={120} showCount />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
