import { useEffect, useState } from 'react'
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { Typography } from 'antd'
import type { AuditRow, StaffView } from '@contract/admin'
import { auditLog, staffList } from '../../api/system'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { staffLabel } from './roleMatrix'

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2))

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
    { title: '操作', dataIndex: 'action', width: 180 },
    { title: '对象类型', dataIndex: 'targetType', width: 120 },
    { title: '对象', dataIndex: 'targetId', width: 160 },
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
          expandedRowRender: (r) => (
            <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
              <div style={{ flex: 1, minWidth: 240 }}>
                <Typography.Text strong>修改前</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{json(r.before)}</pre>
              </div>
              <div style={{ flex: 1, minWidth: 240 }}>
                <Typography.Text strong>修改后</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{json(r.after)}</pre>
              </div>
            </div>
          ),
        }}
        request={async (p) => {
          const [from, to] = (p.at as string[] | undefined) || []
          const r = await run(
            auditLog({
              page: p.current,
              pageSize: p.pageSize,
              staffId: p.staffId || undefined,
              action: p.action?.trim() || undefined,
              targetType: p.targetType?.trim() || undefined,
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
