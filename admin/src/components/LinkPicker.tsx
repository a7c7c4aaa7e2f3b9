/**
 * Where a banner or icon entry leads: the merchant picks a kind (商品, 分类, 活动, 文章, 公告, 商城页面, 网页…) and then
 * the record by name; the field shows what the link opens (商品：法式连衣裙). The value stays the shop's own path
 * (admin/src/core/links.ts), so the shop opens it as before.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Avatar, Button, Drawer, Empty, Input, List, Modal, Radio, Select, Space, Tag, Typography } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import type { LinkTarget, LinkTargetKind } from '@contract/adminLinks'
import { linkNames, linkTargets } from '../api/storefront'
import { errorText } from '../core/feedback'
import { describeLink, formatLink, LINK_KINDS, linkRefs, nameKey, PAGE_NAMES, parseLink, type LinkNames, type LinkValue } from '../core/links'
import { yuanLabel } from '../core/money'
import { useMobile } from '../core/useMobile'

/** Names of what the links open, looked up in one call (and the saved web links once when a web link is among them). */
export function useLinkNames(links: string[]): LinkNames {
  const key = links.join('\n')
  const [names, setNames] = useState<LinkNames>(new Map())
  useEffect(() => {
    const values = key ? key.split('\n').map(parseLink) : []
    const refs = linkRefs(values)
    const csv = (ids: number[]) => (ids.length ? ids.slice(0, 50).join(',') : undefined)
    const wantWeb = values.some((v) => v.kind === 'web')
    if (!Object.values(refs).some((ids) => ids.length) && !wantWeb) return
    let live = true
    void Promise.all([
      linkNames({ goods: csv(refs.goods), category: csv(refs.category), activity: csv(refs.activity), article: csv(refs.article), notice: csv(refs.notice) }),
      wantWeb ? linkTargets({ kind: 'web', pageSize: 100 }) : null,
    ]).then(
      ([found, web]) => {
        if (!live) return
        const m: LinkNames = new Map()
        for (const kind of ['goods', 'category', 'activity', 'article', 'notice'] as const) {
          for (const id of refs[kind]) m.set(nameKey(kind, id), null)
          for (const r of found[kind]) m.set(nameKey(kind, r.id), r.name)
        }
        for (const w of web?.list || []) if (w.url) m.set(nameKey('web', w.url), w.name)
        setNames(m)
      },
      () => undefined, // names are a help: the kind and id still show
    )
    return () => {
      live = false
    }
  }, [key])
  return names
}

/** One kind's records by name, a page at a time; tapping one picks it. */
function TargetList({ kind, chosen, onPick }: { kind: LinkTargetKind; chosen: number | string | null; onPick: (t: LinkTarget) => void }) {
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const [data, setData] = useState<{ list: LinkTarget[]; total: number } | null>(null)
  const [error, setError] = useState('')
  const load = useCallback(
    (kw: string, p: number) => {
      setData(null)
      setError('')
      linkTargets({ kind, keyword: kw.trim() || undefined, page: p, pageSize: 8 }).then(setData, (e) => setError(errorText(e)))
    },
    [kind],
  )
  useEffect(() => load('', 1), [load])
  const label = LINK_KINDS.find((k) => k.kind === kind)?.label
  return (
    <>
      <Input.Search
        placeholder={kind === 'goods' ? '输入商品名称或编号搜索' : `输入${label}名称搜索`}
        aria-label={`搜索${label}`}
        allowClear
        enterButton='搜索'
        onSearch={(v) => {
          setKeyword(v)
          setPage(1)
          load(v, 1)
        }}
        style={{ marginBottom: 8 }}
      />
      {error ? (
        <Typography.Text type='danger'>{error}</Typography.Text>
      ) : (
        <List<LinkTarget>
          size='small'
          loading={!data}
          dataSource={data?.list || []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={kind === 'web' ? '没有找到网页链接，请先在「内容 → 网页链接」添加' : `没有找到${label}`} /> }}
          pagination={
            data && data.total > 8
              ? {
                  current: page,
                  pageSize: 8,
                  total: data.total,
                  size: 'small',
                  showSizeChanger: false,
                  onChange: (p) => {
                    setPage(p)
                    load(keyword, p)
                  },
                }
              : false
          }
          renderItem={(t) => {
            const id = kind === 'web' ? t.url! : t.id
            const selectable = kind !== 'web' || t.live
            const selected = chosen === id
            return (
              <List.Item
                role='option'
                aria-selected={selected}
                aria-disabled={!selectable}
                tabIndex={selectable ? 0 : -1}
                onClick={() => selectable && onPick(t)}
                onKeyDown={(e) => selectable && (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onPick(t))}
                style={{
                  cursor: selectable ? 'pointer' : 'not-allowed',
                  opacity: selectable ? 1 : 0.55,
                  paddingInline: 8,
                  borderRadius: 6,
                  background: selected ? 'var(--ant-color-primary-bg, rgba(22,119,255,0.1))' : undefined,
                }}
              >
                <List.Item.Meta
                  avatar={kind === 'notice' || kind === 'web' ? undefined : <Avatar shape='square' size={44} src={t.image || undefined} alt={t.name} icon={<LinkOutlined />} />}
                  title={
                    <Space size={4} wrap>
                      <span>{t.name}</span>
                      {!t.live && kind !== 'web' && <Tag>{kind === 'goods' ? '已下架' : kind === 'article' ? '未发布' : '未展示'}</Tag>}
                    </Space>
                  }
                  description={
                    <Space size={8} wrap>
                      {t.price !== null && <Typography.Text strong>{yuanLabel(t.price)}</Typography.Text>}
                      <span>{t.note}</span>
                    </Space>
                  }
                />
              </List.Item>
            )
          }}
        />
      )}
    </>
  )
}

/** The page list for 商城页面: every named page, 领券中心 (我的优惠券's claim tab) among them. */
const PAGE_OPTIONS = [...PAGE_NAMES.map((p) => ({ value: p.path, label: p.name })), { value: '/minePages/myCoupon/index?tab=centre', label: '领券中心' }]

/** The picking dialog: the kind, then the record; 确定 hands back the chosen value. */
function LinkDialog({
  open,
  initial,
  names,
  kinds,
  onClose,
  onDone,
}: {
  open: boolean
  initial: LinkValue
  names: LinkNames
  kinds: typeof LINK_KINDS
  onClose: () => void
  onDone: (v: LinkValue, name?: string) => void
}) {
  const mobile = useMobile()
  const [value, setValue] = useState<LinkValue>(initial)
  const [picked, setPicked] = useState<string | undefined>()
  const startKind = (v: LinkValue) => (kinds.some((k) => k.kind === v.kind) ? v.kind : kinds[0].kind)
  const [kind, setKind] = useState<LinkValue['kind']>(startKind(initial))
  useEffect(() => {
    if (!open) return
    setValue(initial)
    setPicked(undefined)
    setKind(startKind(initial))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the kinds offered are fixed for a picker
  }, [open, initial])
  const local = new Map(names)
  if (picked !== undefined && value.kind !== 'none') local.set(value.kind === 'web' ? nameKey('web', value.url) : 'id' in value ? nameKey(value.kind, value.id) : '', picked)
  const current = value.kind === kind ? value : null
  const pick = (t: LinkTarget) => {
    setPicked(t.name)
    if (kind === 'web') setValue({ kind: 'web', url: t.url! })
    else if (kind === 'category') setValue({ kind: 'category', id: t.id, title: t.name })
    else setValue({ kind: kind as 'goods' | 'activity' | 'article' | 'notice', id: t.id })
  }
  const body = (
    <>
      {kinds.length > 1 && (
        <Radio.Group
          aria-label='跳转类型'
          optionType='button'
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={kinds.map((k) => ({ value: k.kind, label: k.label }))}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8, marginBottom: 12 }}
        />
      )}
      {kind === 'search' ? (
        <Input
          aria-label='搜索词'
          placeholder='如：连衣裙（打开商城搜索这个词的结果）'
          maxLength={32}
          value={current?.kind === 'search' ? current.keyword : ''}
          onChange={(e) => setValue(e.target.value.trim() ? { kind: 'search', keyword: e.target.value } : { kind: 'none' })}
        />
      ) : kind === 'page' ? (
        <Select
          aria-label='商城页面'
          showSearch
          optionFilterProp='label'
          placeholder='选择商城页面'
          style={{ width: '100%' }}
          value={current?.kind === 'page' ? formatLink(current) : undefined}
          options={PAGE_OPTIONS}
          onChange={(v: string) => setValue(parseLink(v))}
        />
      ) : (
        <TargetList key={kind} kind={kind as LinkTargetKind} chosen={current?.kind === 'web' ? current.url : current && 'id' in current ? current.id : null} onPick={pick} />
      )}
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
        已选：<Typography.Text strong>{describeLink(value.kind === 'search' ? { kind: 'search', keyword: value.keyword.trim() } : value, local)}</Typography.Text>
      </Typography.Paragraph>
    </>
  )
  const done = () => onDone(value.kind === 'search' ? { kind: 'search', keyword: value.keyword.trim() } : value, picked)
  const footer = (
    <Space>
      <Button onClick={onClose}>取消</Button>
      <Button type='primary' onClick={done}>
        确定
      </Button>
    </Space>
  )
  return mobile ? (
    <Drawer open={open} title='选择跳转' width='100%' onClose={onClose} footer={footer} destroyOnClose>
      {body}
    </Drawer>
  ) : (
    <Modal open={open} title='选择跳转' width={640} onCancel={onClose} footer={footer} destroyOnClose>
      {body}
    </Modal>
  )
}

/**
 * A form control (value: the stored link) showing what the link opens, with 选择 and 清除. `kinds`: only these kinds
 * offered (an activity's button opens a web page: ['web']).
 */
export function LinkPicker({
  value = '',
  onChange,
  id,
  kinds = LINK_KINDS.map((k) => k.kind),
  ariaLabel = '跳转到',
  placeholder,
}: {
  value?: string
  onChange?: (link: string) => void
  id?: string
  kinds?: Array<(typeof LINK_KINDS)[number]['kind']>
  ariaLabel?: string
  /** Shown while nothing is picked (else 不跳转). */
  placeholder?: string
}) {
  const offered = useMemo(() => LINK_KINDS.filter((k) => kinds.includes(k.kind)), [kinds.join(',')]) // eslint-disable-line react-hooks/exhaustive-deps
  const [open, setOpen] = useState(false)
  const looked = useLinkNames(useMemo(() => (value ? [value] : []), [value]))
  const [justPicked, setJustPicked] = useState<{ link: string; name: string } | null>(null)
  const parsed = useMemo(() => parseLink(value), [value])
  const names = useMemo(() => {
    const m = new Map(looked)
    if (justPicked?.link === value) {
      const v = parsed
      if (v.kind === 'web') m.set(nameKey('web', v.url), justPicked.name)
      else if ('id' in v) m.set(nameKey(v.kind, v.id), justPicked.name)
    }
    return m
  }, [looked, justPicked, value, parsed])
  const text = describeLink(parsed, names)
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} readOnly value={!value && placeholder ? '' : text} placeholder={placeholder} aria-label={ariaLabel} onClick={() => setOpen(true)} style={{ cursor: 'pointer' }} />
        <Button onClick={() => setOpen(true)}>选择</Button>
        {value && (
          <Button onClick={() => onChange?.('')} aria-label='清除跳转'>
            清除
          </Button>
        )}
      </Space.Compact>
      <LinkDialog
        open={open}
        initial={parsed}
        names={names}
        kinds={offered}
        onClose={() => setOpen(false)}
        onDone={(v, name) => {
          const link = formatLink(v)
          if (name) setJustPicked({ link, name })
          onChange?.(link)
          setOpen(false)
        }}
      />
    </>
  )
}
