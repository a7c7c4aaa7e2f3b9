import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { MISSION_KINDS, MISSION_KIND_TEXT, type AdminMission, type MissionInput } from '@contract/adminRewards'
import { createMission, deleteMission, missions as missionsApi, updateMission } from '../../api/integral'
import { run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'

const PERIOD_TEXT: Record<string, string> = { once: '仅一次', daily: '每天' }

/** 营销 › 任务中心: the missions members complete for points (one per kind: the kind says what is counted). */
export default function PointsMissions() {
  const [list, setList] = useState<AdminMission[] | null>(null)
  const [editing, setEditing] = useState<Partial<AdminMission> | null>(null)
  const writable = useSession().can('marketing.write')
  const load = useCallback(() => void run(missionsApi()).then((r) => setList(r || [])), [])
  useEffect(load, [load])
  const used = new Set((list || []).map((m) => m.kind))
  const free = MISSION_KINDS.filter((k) => !used.has(k))

  async function save(v: MissionInput) {
    const body: MissionInput = {
      kind: v.kind,
      title: v.title.trim(),
      description: v.description?.trim() || '',
      points: v.points,
      period: v.period,
      target: v.target,
      enabled: v.enabled !== false,
      sort: v.sort ?? 0,
    }
    if (editing?.id) await updateMission(editing.id, body)
    else await createMission(body)
    load()
  }
  const toggle = (m: AdminMission, enabled: boolean) =>
    run(
      updateMission(m.id, {
        kind: m.kind as MissionInput['kind'],
        title: m.title,
        description: m.description,
        points: m.points,
        period: m.period as MissionInput['period'],
        target: m.target,
        enabled,
        sort: m.sort,
      }),
      enabled ? '已启用' : '已停用',
    ).then(load)

  return (
    <PageContainer title='任务中心'>
      <Card
        extra={
          writable && (
            <Button
              type='primary'
              icon={<PlusOutlined />}
              disabled={!free.length}
              title={free.length ? undefined : '每种任务只能有一个'}
              onClick={() => setEditing({ kind: free[0], period: 'daily', target: 1, enabled: true, sort: 0 })}
            >
              新建任务
            </Button>
          )
        }
      >
        <Table<AdminMission>
          rowKey='id'
          loading={!list}
          dataSource={list || []}
          pagination={false}
          scroll={{ x: 800 }}
          columns={[
            {
              title: '任务',
              dataIndex: 'title',
              render: (v: string, r) => (
                <>
                  {v}
                  <Typography.Text type='secondary' style={{ display: 'block', fontSize: 12 }}>
                    {r.description}
                  </Typography.Text>
                </>
              ),
            },
            { title: '完成条件', dataIndex: 'kind', width: 170, render: (v: string, r) => `${MISSION_KIND_TEXT[v as keyof typeof MISSION_KIND_TEXT] || v} × ${r.target}` },
            { title: '周期', dataIndex: 'period', width: 80, render: (v: string) => PERIOD_TEXT[v] || v },
            { title: '奖励积分', dataIndex: 'points', width: 100, align: 'right' },
            { title: '启用', dataIndex: 'enabled', width: 80, render: (v: boolean, r) => <Switch checked={v} disabled={!writable} aria-label={`启用 ${r.title}`} onChange={(on) => toggle(r, on)} /> },
            {
              title: '操作',
              width: 120,
              fixed: 'right',
              render: (_, r) =>
                writable && (
                  <Space>
                    <a onClick={() => setEditing(r)}>编辑</a>
                    <Popconfirm title={`删除任务「${r.title}」？`} description='已领取的积分不受影响' onConfirm={() => run(deleteMission(r.id), '已删除').then(load)}>
                      <a>删除</a>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
        {list && !list.length && <Tag>暂无任务：会员的任务中心为空</Tag>}
      </Card>
      <FormModal<MissionInput>
        open={!!editing}
        title={editing?.id ? '编辑任务' : '新建任务'}
        initialValues={(editing as Partial<MissionInput>) || undefined}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item label='完成条件' name='kind' rules={[{ required: true, message: '请选择完成条件' }]}>
          <Select options={MISSION_KINDS.filter((k) => k === editing?.kind || !used.has(k)).map((k) => ({ value: k, label: MISSION_KIND_TEXT[k] }))} />
        </Form.Item>
        <Form.Item
          label='标题'
          name='title'
          rules={[
            { required: true, whitespace: true, message: '请填写标题' },
            { max: 32, message: '标题最多 32 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label='说明' name='description' rules={[{ max: 100, message: '说明最多 100 个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item label='奖励积分' name='points' rules={[{ required: true, type: 'integer', min: 1, max: 100000, message: '奖励积分须为 1 到 100000 的整数' }]}>
          <InputNumber precision={0} min={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='周期' name='period' rules={[{ required: true, message: '请选择周期' }]}>
          <Select
            options={[
              { value: 'daily', label: '每天可领一次' },
              { value: 'once', label: '仅可领一次' },
            ]}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label='目标次数' name='target' rules={[{ required: true, type: 'integer', min: 1, max: 100, message: '目标次数须为 1 到 100 的整数' }]}>
          <InputNumber precision={0} min={1} max={100} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='启用' name='enabled' valuePropName='checked'>
          <Switch />
        </Form.Item>
        {sortField}
      </FormModal>
    </PageContainer>
  )
}
