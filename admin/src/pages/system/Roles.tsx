import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Card, Table } from 'antd'
import { CheckOutlined } from '@ant-design/icons'
import type { RoleView } from '@contract/admin'
import { roles as rolesApi } from '../../api/system'
import { run } from '../../core/feedback'

/** Chinese names of the permissions (the table of docs/console.md). */
const PERMISSION_NAMES: Record<string, string> = {
  'dashboard.read': '查看工作台',
  'goods.read': '查看商品',
  'goods.write': '编辑商品',
  'storefront.read': '查看店铺装修',
  'storefront.write': '编辑店铺装修',
  'orders.read': '查看订单',
  'orders.write': '发货与处理订单',
  'afterSales.read': '查看售后',
  'afterSales.write': '审核售后',
  'refunds.write': '退款',
  'members.read': '查看会员',
  'members.write': '调整积分、停用会员',
  'feedback.read': '查看反馈',
  'feedback.write': '处理反馈',
  'withdrawals.read': '查看提现',
  'withdrawals.write': '处理提现（打款时可查看完整收款账户）',
  'ledgers.read': '查看资金明细',
  'staff.read': '查看员工',
  'staff.write': '管理员工与角色',
  'audit.read': '查看操作日志',
}

/** The roles and what each may do: a permission per row, a role per column. */
export default function Roles() {
  const [roles, setRoles] = useState<RoleView[] | null>(null)
  useEffect(() => void run(rolesApi()).then((r) => setRoles(r || [])), [])
  const permissions = Object.keys(PERMISSION_NAMES)
  return (
    <PageContainer title='角色与权限'>
      <Card>
        <Table
          rowKey='permission'
          loading={!roles}
          pagination={false}
          scroll={{ x: 600 }}
          dataSource={permissions.map((permission) => ({ permission }))}
          columns={[
            { title: '权限', dataIndex: 'permission', render: (p: string) => PERMISSION_NAMES[p] || p },
            ...(roles || []).map((r) => ({
              title: r.name,
              key: r.role,
              align: 'center' as const,
              width: 100,
              render: (_: unknown, row: { permission: string }) => (r.permissions.includes(row.permission) ? <CheckOutlined aria-label='有' /> : null),
            })),
          ]}
        />
      </Card>
    </PageContainer>
  )
}
