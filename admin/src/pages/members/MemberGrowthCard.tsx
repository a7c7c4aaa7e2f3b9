import { useEffect, useState } from 'react'
import { Alert, Card, Descriptions, Table } from 'antd'
import type { AdminMemberGrowth } from '@contract/adminLevels'
import { memberGrowth } from '../../api/level'
import { errorText } from '../../core/feedback'
import { dateTime } from '../../core/format'

/** 会员详情's 会员等级 card: the member's level, growth value and the latest growth changes (orders completed, refunds). */
export default function MemberGrowthCard({ memberId }: { memberId: number }) {
  const [data, setData] = useState<AdminMemberGrowth | null>(null)
  const [error, setError] = useState('')
  useEffect(() => void memberGrowth(memberId).then(setData, (e) => setError(errorText(e))), [memberId])
  return (
    <Card title='会员等级' size='small' style={{ marginBottom: 16 }} loading={!data && !error}>
      {error && <Alert type='error' showIcon message={error} />}
      {data && (
        <>
          <Descriptions column={2} size='small'>
            <Descriptions.Item label='等级'>{data.levelName || '普通会员'}</Descriptions.Item>
            <Descriptions.Item label='成长值'>{data.growth}</Descriptions.Item>
          </Descriptions>
          <Table
            size='small'
            rowKey='id'
            dataSource={data.ledger}
            pagination={{ pageSize: 5 }}
            scroll={{ x: 500 }}
            locale={{ emptyText: '暂无成长值变动' }}
            columns={[
              { title: '变动', render: (_, r) => (r.change > 0 ? `+${r.change}` : String(r.change)) },
              { title: '变动后', dataIndex: 'after' },
              { title: '原因', render: (_, r) => `${r.kindText}${r.note ? `（${r.note}）` : ''}` },
              { title: '时间', render: (_, r) => dateTime(r.createdAt) },
            ]}
          />
        </>
      )}
    </Card>
  )
}
