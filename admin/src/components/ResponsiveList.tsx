/**
 * A ProTable on a wide screen, a ProList of cards on a phone (375 px): the same request, search form and actions.
 * Orders and after-sales use it (a merchant ships and approves refunds from the phone).
 */
import type { ReactNode, MutableRefObject } from 'react'
import { ProList, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import type { SortOrder } from 'antd/es/table/interface'
import { useMobile } from '../core/useMobile'

export type ListRequest<T> = (params: Record<string, any> & { current?: number; pageSize?: number }, sort?: Record<string, SortOrder>) => Promise<{ data: T[]; total: number; success: boolean }>

export function ResponsiveList<T extends Record<string, any>>({
  rowKey,
  columns,
  request,
  actionRef,
  card,
  toolBarRender,
  params,
  rowSelection,
  tableAlertOptionRender,
  scrollX = 1100,
}: {
  rowKey: keyof T & string
  columns: ProColumns<T>[]
  request: ListRequest<T>
  actionRef?: MutableRefObject<ActionType | undefined>
  /** How one row reads as a card on a phone. */
  card: (row: T) => { title: ReactNode; subTitle?: ReactNode; description?: ReactNode; content?: ReactNode; actions?: ReactNode[]; onClick?: () => void }
  toolBarRender?: () => ReactNode[]
  params?: Record<string, unknown>
  rowSelection?: object | false
  tableAlertOptionRender?: (p: { selectedRowKeys: React.Key[] }) => ReactNode
  scrollX?: number
}) {
  const mobile = useMobile()
  const pagination = { defaultPageSize: 20, showSizeChanger: !mobile, size: mobile ? ('small' as const) : undefined }
  // A list without filters has no search form (not an empty one with 重置 / 查询).
  const searchable = columns.some((c) => c.search !== false && !c.hideInSearch && c.valueType !== 'option')
  if (!mobile)
    return (
      <ProTable<T>
        actionRef={actionRef}
        rowKey={rowKey}
        // The actions stay at the right edge while the other columns scroll under them (issue 33: at 1280 px they were off-screen).
        columns={columns.map((c) => (c.valueType === 'option' && c.fixed === undefined ? { ...c, fixed: 'right' } : c))}
        request={request}
        params={params}
        scroll={{ x: scrollX }}
        search={searchable && { labelWidth: 'auto', defaultCollapsed: false }}
        pagination={pagination}
        toolBarRender={toolBarRender}
        rowSelection={rowSelection}
        tableAlertOptionRender={tableAlertOptionRender as never}
      />
    )
  return (
    <ProList<T>
      actionRef={actionRef}
      rowKey={rowKey}
      // The search form comes from the columns (their search fields); the cards from `card`.
      search={searchable && { labelWidth: 'auto', layout: 'vertical', defaultCollapsed: true, span: 24 }}
      metas={Object.fromEntries(columns.filter((c) => c.search !== false && c.valueType !== 'option').map((c, i) => [`search${i}`, c])) as never}
      request={request as never}
      params={params}
      pagination={pagination}
      toolBarRender={toolBarRender}
      itemCardProps={{ bodyStyle: { padding: 12 } }}
      grid={{ column: 1 }}
      className='responsive-cards'
      renderItem={(row: T) => {
        const c = card(row)
        return (
          <div
            className='responsive-card'
            // A button only when it opens something: a card of pictures and actions alone is not (nested controls).
            {...(c.onClick ? { role: 'button', tabIndex: 0, onClick: c.onClick, onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && c.onClick?.() } : {})}
            style={{ padding: 12, marginBottom: 8, borderRadius: 8, border: '1px solid var(--card-border, rgba(128,128,128,.25))', cursor: c.onClick ? 'pointer' : 'default' }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontWeight: 600 }}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{c.title}</span>
              <span style={{ flexShrink: 0 }}>{c.subTitle}</span>
            </div>
            {c.content && <div style={{ marginTop: 8 }}>{c.content}</div>}
            {c.description && <div style={{ marginTop: 6, opacity: 0.65, fontSize: 12 }}>{c.description}</div>}
            {c.actions?.length ? (
              <div style={{ marginTop: 8, display: 'flex', gap: 16, justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
                {c.actions}
              </div>
            ) : null}
          </div>
        )
      }}
    />
  )
}
