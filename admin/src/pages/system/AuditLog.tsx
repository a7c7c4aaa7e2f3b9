import { useEffect, useState } from 'react'
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { Table, Typography } from 'antd'
import type { StaffView } from '@contract/admin'
import type { AuditRow } from '@contract/adminSystem'
import { auditLog, staffList } from '../../api/system'
import { auditActionOptions, auditActionText, auditDiffRows, auditTargetIdText, auditTargetOptions, auditTargetText, type DiffRow } from '../../core/audit'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { staffLabel } from './roleMatrix'

/** A row's change: 字段 · 修改前 → 修改后 (admin/src/core/audit.ts). */
function Change({ row }: { row: AuditRow }) {
  const rows = auditDiffRows(row.before, row.after)
  if (!rows.length) return <Typography.Text type='secondary'>没有记录修改的内容</Typography.Text>
  return (
    <Table<DiffRow>
      size='small'
      rowKey={(r) => r.label}
      pagination={false}
      dataSource={rows}
      scroll={{ x: 480 }}
      columns={[
        { title: '字段', dataIndex: 'label', width: 160 },
        { title: '修改前', dataIndex: 'before' },
        { title: '修改后', dataIndex: 'after' },
      ]}
    />
  )
}

export default function AuditLog() {
  const [staff, setStaff] = useState<StaffView[]>([])
  useEffect(() => void run(staffList()).then((s) => s && setStaff(s)), [])
  const columns: ProColumns<AuditRow>[] = [
    { title: '时间', dataIndex: 'at', valueType: 'dateTimeRange', width: 160, render: (_, r) => dateTime(r.at) },
    {
      title: '员工',
      dataIndex: 'staffId',
      valueType: 'select',
      width: 120,
      fieldProps: { options: staff.map((s) => ({ value: s.id, label: staffLabel(s.realName, s.username) })) },
      render: (_, r) => staffLabel(r.staffRealName, r.staffName),
    },
    { title: '操作', dataIndex: 'action', width: 180, valueType: 'select', fieldProps: { options: auditActionOptions(), showSearch: true }, render: (_, r) => auditActionText(r.action, r.targetType) },
    { title: '对象类型', dataIndex: 'targetType', width: 120, valueType: 'select', fieldProps: { options: auditTargetOptions(), showSearch: true }, render: (_, r) => auditTargetText(r.targetType) },
    { title: '对象', dataIndex: 'targetId', width: 160, render: (_, r) => auditTargetIdText(r.targetId) },
    { title: 'IP', dataIndex: 'ip', search: false, width: 130 },
  ]
  return (
    <PageContainer title='操作日志'>
      <ProTable<AuditRow>
        rowKey='id'
        columns={columns}
        scroll={{ x: 900 }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        expandable={{
          expandedRowRender: (r) => <Change row={r} />,
        }}
        request={async (p) => {
          const [from, to] = (p.at as string[] | undefined) || []
          const r = await run(
            auditLog({
              page: p.current,
              pageSize: p.pageSize,
              staffId: p.staffId || undefined,
              action: p.action || undefined,
              targetType: p.targetType || undefined,
              targetId: p.targetId?.trim() || undefined,
              from: from ? new Date(from.replace(' ', 'T') + '+08:00').getTime() : undefined,
              to: to ? new Date(to.replace(' ', 'T') + '+08:00').getTime() : undefined,
            }),
          )
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
      />
    </PageContainer>
  )
}
