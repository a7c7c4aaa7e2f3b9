/**
 * Members found by their phone (the whole 11 digits), the start of their nickname or their number, each shown with
 * avatar, nickname and phone: `MemberPicker` chooses several (issuing coupons), `MemberSelect` one (ledger filters).
 * Searches `GET members` (members.read).
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { Avatar, Select, Space, Spin, Tag, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import type { AdminMemberRow } from '@contract/adminMembers'
import { memberList } from '../api/member'
import { memberSearchHint } from '../core/pickers'

type Known = Pick<AdminMemberRow, 'id' | 'nickname' | 'phone' | 'avatar' | 'disabled'>
/** Members seen by any picker of this page load. */
const known = new Map<number, Known>()

/** The words shown for a member: nickname and phone. */
export const memberLabel = (m: Pick<Known, 'nickname' | 'phone'>) => `${m.nickname || '未设置昵称'} ${m.phone}`.trim()

function MemberOption({ m }: { m: Known }) {
  return (
    <Space size={8}>
      <Avatar size={28} src={m.avatar || undefined} icon={<UserOutlined />} alt={m.nickname || m.phone} />
      <span>
        <Typography.Text>{m.nickname || '未设置昵称'}</Typography.Text> <Typography.Text type='secondary'>{m.phone}</Typography.Text>
        {m.disabled && (
          <Tag bordered={false} style={{ marginInlineStart: 6 }}>
            已停用
          </Tag>
        )}
      </span>
    </Space>
  )
}

function useMembers(ids: number[]) {
  const [found, setFound] = useState<Known[]>([])
  const [searching, setSearching] = useState(false)
  const [hint, setHint] = useState('输入手机号或昵称搜索')
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const search = useCallback((keyword: string) => {
    clearTimeout(timer.current)
    const k = keyword.trim()
    if (!k) {
      setFound([])
      setHint('输入手机号或昵称搜索')
      return
    }
    timer.current = setTimeout(async () => {
      setSearching(true)
      try {
        const r = await memberList({ keyword: k, pageSize: 20 })
        r.list.forEach((m) => known.set(m.id, m))
        setFound(r.list)
        setHint(memberSearchHint(k))
      } catch {
        setFound([])
        setHint('搜索失败，请重试')
      } finally {
        setSearching(false)
      }
    }, 300)
  }, [])
  const option = (m: Known) => ({ value: m.id, label: memberLabel(m), member: m })
  const chosen = ids.map((id) => {
    const m = known.get(id)
    return m ? option(m) : { value: id, label: `会员 ${id}`, member: null }
  })
  return { options: [...chosen, ...found.filter((m) => !ids.includes(m.id)).map(option)], search, searching, hint }
}

const renderOption = (o: { data: { label?: ReactNode; member?: Known | null } }) => (o.data.member ? <MemberOption m={o.data.member} /> : o.data.label)

/** Several members (at most `max`). */
export function MemberPicker({ value = [], onChange, max = 500, id }: { value?: number[]; onChange?: (ids: number[]) => void; max?: number; id?: string }) {
  const { options, search, searching, hint } = useMembers(value)
  return (
    <Select
      id={id}
      mode='multiple'
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={search}
      notFoundContent={searching ? <Spin size='small' /> : hint}
      options={options}
      optionRender={renderOption}
      placeholder='输入手机号或昵称搜索会员'
      aria-label='选择会员'
      maxCount={max}
      style={{ width: '100%' }}
      data-testid='member-picker'
    />
  )
}

/** One member. */
export function MemberSelect({ value, onChange, style, id }: { value?: number; onChange?: (id?: number) => void; style?: CSSProperties; id?: string }) {
  const { options, search, searching, hint } = useMembers(value ? [value] : [])
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      showSearch
      allowClear
      filterOption={false}
      onSearch={search}
      notFoundContent={searching ? <Spin size='small' /> : hint}
      options={options}
      optionRender={renderOption}
      placeholder='输入手机号或昵称搜索'
      aria-label='选择会员'
      style={style}
    />
  )
}
