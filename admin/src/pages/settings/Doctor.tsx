import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, List, Space, Tag, Typography } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import type { SetupCheckReply } from '@contract/adminSettings'
import { setupCheck } from '../../api/settings'
import { errorText } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { TechNote } from '../../components/TechNote'

const STATUS = { ok: { color: 'green', text: '正常' }, warn: { color: 'orange', text: '需确认' }, error: { color: 'red', text: '有问题' }, skip: { color: 'default', text: '未设置' } } as const

/** 设置 → 设置检查: each WeChat piece tried for real (the same service as `npm run admin -- doctor`). */
export default function Doctor() {
  const [data, setData] = useState<SetupCheckReply | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const check = useCallback(async () => {
    setBusy(true)
    setError('')
    try {
      setData(await setupCheck())
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }, [])
  useEffect(() => {
    void check()
  }, [check])
  const bad = data?.checks.filter((c) => c.status === 'error').length || 0
  const open = data?.checks.filter((c) => c.status === 'warn' || c.status === 'skip').length || 0
  return (
    <PageContainer
      title='设置检查'
      extra={
        <Button icon={<ReloadOutlined />} loading={busy} onClick={check}>
          重新检查
        </Button>
      }
    >
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      {data && (
        <Alert
          type={bad ? 'error' : open ? 'warning' : 'success'}
          showIcon
          message={bad ? `${bad} 项有问题，请按说明修改后重新检查` : open ? `没有错误；${open} 项未设置或需人工确认` : '全部正常'}
          description={`检查时间：${dateTime(data.checkedAt)}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card loading={!data && busy}>
        <List
          dataSource={data?.checks || []}
          renderItem={(c) => (
            <List.Item data-testid={`check-${c.key}`}>
              <List.Item.Meta
                title={
                  <Space>
                    <Tag color={STATUS[c.status].color}>{STATUS[c.status].text}</Tag>
                    {c.title}
                  </Space>
                }
                description={
                  <>
                    <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{c.message}</Typography.Text>
                    {c.detail && (
                      <TechNote>
                        <Typography.Text type='secondary'>{c.detail}</Typography.Text>
                      </TechNote>
                    )}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </PageContainer>
  )
}
