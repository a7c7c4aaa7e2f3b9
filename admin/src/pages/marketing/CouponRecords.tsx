/** 营销 · 领用记录: who holds which coupon, where it came from, whether and on which order it was used. */
import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Tag } from 'antd'
import type { CouponRecord } from '@contract/adminPromotions'
import { couponRecords } from '../../api/coupon'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { navigate, useLocation } from '../../core/router'
import { ResponsiveList } from '../../components/ResponsiveList'

const STATUS: Record<string, { text: string; color: string }> = { unused: { text: '未使用', color: 'green' }, used: { text: '已使用', color: 'blue' }, expired: { text: '已过期', color: 'default' } }
const SOURCE: Record<string, string> = { centre: '领券中心/活动', new_member: '新人礼包', prize: '盲盒奖品', admin: '后台发放' }

export default function CouponRecords() {
  const { query } = useLocation()
  const couponId = Number(query.get('couponId')) || undefined
  const columns: ProColumns<CouponRecord>[] = [
    { title: '券编号', dataIndex: 'couponId', valueType: 'digit', width: 90, initialValue: couponId },
    { title: '优惠券', dataIndex: 'couponName', search: false },
    { title: '会员手机号', dataIndex: 'phone', render: (_, r) => <a onClick={() => navigate(`/members/${r.memberId}`)}>{r.memberPhone || `会员 #${r.memberId}`}</a> },
    { title: '来源', dataIndex: 'source', width: 120, valueEnum: Object.fromEntries(Object.entries(SOURCE).map(([k, v]) => [k, { text: v }])), render: (_, r) => SOURCE[r.source] || r.source },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      valueEnum: Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, { text: v.text }])),
      render: (_, r) => <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>,
    },
    { title: '领取时间', dataIndex: 'receivedAt', search: false, width: 140, render: (_, r) => dateTime(r.receivedAt) },
    { title: '有效期至', dataIndex: 'validTo', search: false, width: 140, render: (_, r) => dateTime(r.validTo - 1) },
    { title: '使用订单', dataIndex: 'orderNo', search: false, width: 200, render: (_, r) => (r.orderNo ? <a onClick={() => navigate(`/orders/${r.orderNo}`)}>{r.orderNo}</a> : '—') },
  ]
  return (
    <PageContainer title='领用记录' onBack={() => navigate('/marketing/coupons')}>
      <ResponsiveList<CouponRecord>
        rowKey='id'
        columns={columns}
        scrollX={1100}
        request={async (p) => {
          const r = await run(
            couponRecords({
              couponId: Number(p.couponId) || undefined,
              phone: p.phone?.trim() || undefined,
              source: p.source || undefined,
              status: p.status || undefined,
              page: p.current,
              pageSize: p.pageSize,
            }),
          )
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.couponName,
          subTitle: <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>,
          content: `${r.memberPhone || `会员 #${r.memberId}`} · ${SOURCE[r.source] || r.source}`,
          description: `领取 ${dateTime(r.receivedAt)}${r.orderNo ? ` · 订单 ${r.orderNo}` : ''}`,
        })}
      />
    </PageContainer>
  )
}
