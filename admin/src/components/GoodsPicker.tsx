/**
 * The console's one goods picker: goods found by typing part of their name (or their number), each shown with its
 * picture and price. `GoodsPicker` chooses several (ids in the order chosen: goods sections, coupons' goods),
 * `GoodsSelect` one (commission rates per goods, the review filter, points-mall and cashback goods). Both search and
 * name goods chosen earlier through `GET goods/pick` (the shop search's name index), which any area that picks goods
 * may call: 客服 filters reviews by goods without goods.read.
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { Avatar, Select, Space, Spin, Tag, Typography } from 'antd'
import { ShoppingOutlined } from '@ant-design/icons'
import type { GoodsPickItem } from '@contract/adminGoods'
import { goodsPick } from '../api/goods'
import { yuanLabel } from '../core/money'

/** One goods as a picker shows it: picture, name, price (and 已下架 / a second line when given). */
export function GoodsOption({ name, image, price, off, extra }: { name: string; image?: string; price?: number | null; off?: boolean; extra?: ReactNode }) {
  return (
    <Space size={8} style={{ minWidth: 0, maxWidth: '100%' }}>
      <Avatar shape='square' size={36} src={image || undefined} icon={<ShoppingOutlined />} alt={name} style={{ flex: 'none' }} />
      <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.35 }}>
        <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
          {name}
        </Typography.Text>
        <span style={{ fontSize: 12 }}>
          {price != null && <Typography.Text type='danger'>{yuanLabel(price)}</Typography.Text>}
          {extra && <Typography.Text type='secondary'> {extra}</Typography.Text>}
          {off && (
            <Tag style={{ marginInlineStart: 6 }} bordered={false}>
              已下架
            </Tag>
          )}
        </span>
      </span>
    </Space>
  )
}

type Known = GoodsPickItem
/** Goods seen by any picker of this page load: a chosen id is named without asking twice. */
const known = new Map<number, Known | null>()

/** Searching as the merchant types (300 ms after the last key), and the names of ids chosen before. */
function useGoods(ids: number[], onShelfOnly: boolean) {
  const [found, setFound] = useState<Known[]>([])
  const [searching, setSearching] = useState(false)
  const [, setVersion] = useState(0)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const idKey = ids.join(',')
  useEffect(() => {
    const missing = idKey
      ? idKey
          .split(',')
          .map(Number)
          .filter((id) => !known.has(id))
      : []
    if (!missing.length) return
    let live = true
    goodsPick({ ids: missing.slice(0, 50).join(',') }).then(
      (r) => {
        // An id not answered is a goods deleted since it was chosen.
        for (const id of missing.slice(0, 50)) known.set(id, null)
        for (const g of r.list) known.set(g.id, g)
        if (live) setVersion((v) => v + 1)
      },
      () => undefined, // names are a help: the chosen ids still show
    )
    return () => {
      live = false
    }
  }, [idKey])
  const search = useCallback(
    (keyword: string) => {
      clearTimeout(timer.current)
      timer.current = setTimeout(async () => {
        setSearching(true)
        try {
          const r = await goodsPick({ keyword: keyword.trim() || undefined, status: onShelfOnly ? 'on' : undefined })
          r.list.forEach((g) => known.set(g.id, g))
          setFound(r.list)
        } catch {
          setFound([])
        } finally {
          setSearching(false)
        }
      }, 300)
    },
    [onShelfOnly],
  )
  useEffect(() => () => clearTimeout(timer.current), [])
  const option = (g: Known) => ({ value: g.id, label: g.name, goods: g })
  const chosen = ids.map((id) => {
    const g = known.get(id)
    return g ? option(g) : { value: id, label: g === null ? `已删除的商品（编号 ${id}）` : '…', goods: null }
  })
  const options = [...chosen, ...found.filter((g) => !ids.includes(g.id)).map(option)]
  return { options, search, searching }
}

const renderOption = (o: { data: { label?: ReactNode; goods?: Known | null } }) =>
  o.data.goods ? <GoodsOption name={o.data.goods.name} image={o.data.goods.mainImage} price={o.data.goods.price} off={o.data.goods.status !== 'on'} /> : o.data.label

/** Several goods, in the order chosen (at most `max`). */
export function GoodsPicker({ value = [], onChange, onShelfOnly = true, max = 50, id }: { value?: number[]; onChange?: (ids: number[]) => void; onShelfOnly?: boolean; max?: number; id?: string }) {
  const { options, search, searching } = useGoods(value, onShelfOnly)
  return (
    <Select
      id={id}
      mode='multiple'
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={search}
      onFocus={() => search('')}
      notFoundContent={searching ? <Spin size='small' /> : onShelfOnly ? '没有找到在售商品' : '没有找到商品'}
      options={options}
      optionRender={renderOption}
      listItemHeight={52}
      placeholder='输入商品名称搜索'
      aria-label='选择商品'
      maxCount={max}
    />
  )
}

/** One goods. */
export function GoodsSelect({
  value,
  onChange,
  onShelfOnly = false,
  allowClear,
  placeholder = '输入商品名称搜索',
  style,
  id,
  disabled,
}: {
  value?: number | null
  onChange?: (id: number) => void
  onShelfOnly?: boolean
  allowClear?: boolean
  placeholder?: string
  style?: CSSProperties
  id?: string
  disabled?: boolean
}) {
  const { options, search, searching } = useGoods(value ? [value] : [], onShelfOnly)
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={onChange}
      disabled={disabled}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      onSearch={search}
      onFocus={() => search('')}
      notFoundContent={searching ? <Spin size='small' /> : '没有找到商品'}
      options={options}
      optionRender={renderOption}
      listItemHeight={52}
      placeholder={placeholder}
      aria-label='选择商品'
      style={style}
      popupMatchSelectWidth={false}
      dropdownStyle={{ maxWidth: 'min(420px, calc(100vw - 24px))' }}
      data-testid='goods-select'
    />
  )
}
