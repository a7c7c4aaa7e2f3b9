import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Form, Input, Space, Tag } from 'antd'
import { BALANCE_WITHDRAW_STATUS_TEXT, type AdminBalanceWithdrawalRow, type BalanceWithdrawSettings, type BalanceWithdrawStatus } from '@contract/balanceWithdraw'
import { approveBalanceWithdrawal, balanceWithdrawals, balanceWithdrawSettings, refuseBalanceWithdrawal, saveBalanceWithdrawSettings } from '../../api/balance'
import { confirm, run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanLabel, yuanToFen } from '../../core/money'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'
import { ResponsiveList } from '../../components/ResponsiveList'

const STATUS_COLOR: Record<BalanceWithdrawStatus, string> = { reviewing: 'orange', transferring: 'blue', paid: 'green', returned: 'default' }

interface SettingsForm {
  min: string
  dailyMax: string
  feePermille: number
  feeFixed: string
  approveAbove: string
}

const yuanRule = (label: string, required = true) => ({
  validator: (_: unknown, value: string) => {
    if (value === undefined || value === null || value === '') return required ? Promise.reject(new Error(`请填写${label}`)) : Promise.resolve()
    const fen = yuanToFen(value)
    return fen === null || fen < 0 ? Promise.reject(new Error(`${label}须为金额，最多两位小数`)) : Promise.resolve()
  },
})

/** 财务 → 余额提现: shoppers' withdrawals of their balance to WeChat change; approve, refuse with a reason; the settings. */
export default function BalanceWithdrawals() {
  const writable = useSession().can('withdrawals.write')
  const list = useRef<ActionType>()
  const [refusing, setRefusing] = useState<AdminBalanceWithdrawalRow | null>(null)
  const [settings, setSettings] = useState<BalanceWithdrawSettings | null>(null)

  const approve = async (w: AdminBalanceWithdrawalRow) => {
    if (!(await confirm(`通过并转账 ${yuanLabel(w.actualAmount)}？`, `${w.nickname || '会员'} ${w.phone}。会员需在微信中确认收款，到账后自动标记为已到账。`))) return
    if (await run(approveBalanceWithdrawal(w.id), '已通过')) list.current?.reload()
  }
  const openSettings = async () => {
    const s = await run(balanceWithdrawSettings())
    if (s) setSettings(s)
  }

  const columns: ProColumns<AdminBalanceWithdrawalRow>[] = [
    { title: '手机号、昵称或提现单号', dataIndex: 'keyword', hideInTable: true },
    { title: '状态', dataIndex: 'status', hideInTable: true, valueType: 'select', valueEnum: BALANCE_WITHDRAW_STATUS_TEXT },
    { title: '申请时间', search: false, width: 160, render: (_, r) => dateTime(r.createdAt) },
    { title: '会员', search: false, width: 200, ellipsis: true, render: (_, r) => `${r.nickname || '未设置昵称'} ${r.phone}` },
    { title: '提现（元）', search: false, align: 'right', width: 110, render: (_, r) => fenToYuan(r.amount) },
    { title: '手续费（元）', search: false, align: 'right', width: 110, render: (_, r) => fenToYuan(r.fee) },
    { title: '到账（元）', search: false, align: 'right', width: 110, render: (_, r) => fenToYuan(r.actualAmount) },
    { title: '状态', search: false, width: 100, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag> },
    { title: '说明', search: false, dataIndex: 'reason', ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      search: false,
      width: 130,
      render: (_, r) =>
        writable && r.status === 'reviewing' ? (
          <Space>
            <a onClick={() => approve(r)}>通过</a>
            <a onClick={() => setRefusing(r)}>拒绝</a>
          </Space>
        ) : null,
    },
  ]

  return (
    <PageContainer
      title='余额提现'
      extra={
        writable ? (
          <Button key='settings' onClick={openSettings}>
            提现设置
          </Button>
        ) : null
      }
    >
      <ResponsiveList<AdminBalanceWithdrawalRow>
        rowKey='id'
        actionRef={list}
        columns={columns}
        request={async (p) => {
          const r = await run(balanceWithdrawals({ page: p.current, pageSize: p.pageSize, keyword: p.keyword || undefined, status: p.status || undefined }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({ title: `${r.nickname || '未设置昵称'} ${r.phone}`, subTitle: r.statusText, description: `提现 ${yuanLabel(r.amount)}，到账 ${yuanLabel(r.actualAmount)}` })}
      />
      <FormModal<{ reason: string }>
        open={!!refusing}
        title={refusing ? `拒绝提现 · ${refusing.nickname || ''} ${refusing.phone}` : '拒绝提现'}
        okText='拒绝并退回余额'
        onClose={() => setRefusing(null)}
        onSubmit={async (v) => {
          await refuseBalanceWithdrawal(refusing!.id, v.reason.trim())
          list.current?.reload()
        }}
      >
        <Form.Item
          label='拒绝原因（会员可见）'
          name='reason'
          rules={[
            { required: true, whitespace: true, message: '请填写拒绝原因' },
            { max: 100, message: '最多 100 个字' },
          ]}
        >
          <Input placeholder='如：账户存在异常，请联系客服' />
        </Form.Item>
      </FormModal>
      <FormModal<SettingsForm>
        open={!!settings}
        title='余额提现设置'
        initialValues={
          settings
            ? {
                min: fenToYuan(settings.min),
                dailyMax: fenToYuan(settings.dailyMax),
                feePermille: settings.feePermille,
                feeFixed: fenToYuan(settings.feeFixed),
                approveAbove: settings.approveAbove === null ? '' : fenToYuan(settings.approveAbove),
              }
            : undefined
        }
        onClose={() => setSettings(null)}
        onSubmit={async (v) => {
          await saveBalanceWithdrawSettings({
            min: yuanToFen(v.min)!,
            dailyMax: yuanToFen(v.dailyMax)!,
            feePermille: Number(v.feePermille),
            feeFixed: yuanToFen(v.feeFixed)!,
            approveAbove: v.approveAbove === '' || v.approveAbove === undefined ? null : yuanToFen(v.approveAbove)!,
          })
        }}
      >
        <Form.Item label='最低提现金额（元）' name='min' rules={[yuanRule('最低提现金额')]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='每人每日提现上限（元）' name='dailyMax' rules={[yuanRule('每日提现上限')]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label='手续费比例（千分之几，0 为不收）'
          name='feePermille'
          rules={[{ required: true, message: '请填写手续费比例' }]}
          normalize={(v) => (v === '' ? v : Number(String(v).replace(/\D/g, '')))}
        >
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='每笔固定手续费（元）' name='feeFixed' rules={[yuanRule('每笔手续费')]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='超过此金额需审核（元；0 为全部审核，留空为无需审核）' name='approveAbove' rules={[yuanRule('需审核金额', false)]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
