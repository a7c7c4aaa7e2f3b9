/**
 * Picks a catalogue goods by searching its name, then one of its SKUs: the item a points-mall entry or a
 * blind-box prize hands out. `GoodsSelect` alone picks a goods (a cashback rule is per goods).
 */
import { useEffect, useRef, useState } from 'react'
import { Select, Space, Spin } from 'antd'
import type { AdminSku } from '@contract/admin'
import { goodsDetail, goodsList } from '../../api/goods'
import { useLatest } from '../../hooks/useLatest'

export function GoodsSelect({ value, onChange, initialName }: { value?: number; onChange?: (id: number) => void; initialName?: string }) {
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>(value ? [{ value, label: initialName || `商品 #${value}` }] : [])
  const [searching, setSearching] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  function search(keyword: string) {
    clearTimeout(timer.current)
    timer.current = setTimeout(async () => {
      setSearching(true)
      try {
        const r = await goodsList({ keyword: keyword.trim() || undefined, pageSize: 20 })
        setOptions(r.list.map((g) => ({ value: g.id, label: `${g.name}（#${g.id}）` })))
      } catch {
        setOptions([])
      } finally {
        setSearching(false)
      }
    }, 300)
  }
  return (
    <Select
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={search}
      onFocus={() => options.length <= 1 && search('')}
      notFoundContent={searching ? <Spin size='small' /> : '没有找到商品'}
      options={options}
      placeholder='输入商品名称搜索'
      data-testid='goods-select'
    />
  )
}

export function SkuPicker({
  value,
  onChange,
  goodsId: initialGoods,
  onGoods,
}: {
  value?: number | null
  onChange?: (skuId: number) => void
  goodsId?: number | null
  onGoods?: (g: { name: string; image: string; price: number }) => void
}) {
  const [goodsId, setGoodsId] = useState<number | undefined>(initialGoods ?? undefined)
  const [skus, setSkus] = useState<AdminSku[]>([])
  const [name, setName] = useState('')
  // On a change of goods only; the chosen SKU and the callbacks are read as they are then.
  const latest = useLatest({ value, onChange, onGoods })
  useEffect(() => {
    if (!goodsId) return setSkus([])
    const { value, onChange, onGoods } = latest.current
    let live = true
    goodsDetail(goodsId).then(
      (g) => {
        if (!live) return
        setSkus(g.skus)
        setName(g.name)
        const only = g.skus.length === 1 ? g.skus[0] : null
        if (!value && only) {
          onChange?.(only.id)
          onGoods?.({ name: g.name, image: g.images[0] || only.image || '', price: only.price })
        } else if (value) onGoods?.({ name: g.name, image: g.images[0] || '', price: g.skus.find((s) => s.id === value)?.price ?? g.price })
      },
      () => live && setSkus([]),
    )
    return () => {
      live = false
    }
  }, [goodsId, latest])
  function pick(id: number, goodsName = name, image = '', price?: number) {
    onChange?.(id)
    const s = skus.find((x) => x.id === id)
    onGoods?.({ name: goodsName, image: image || s?.image || '', price: price ?? s?.price ?? 0 })
  }
  return (
    <Space.Compact style={{ width: '100%' }}>
      <div style={{ flex: 2 }}>
        <GoodsSelect value={goodsId} onChange={(id) => setGoodsId(id)} initialName={initialGoods ? `商品 #${initialGoods}` : undefined} />
      </div>
      <Select
        style={{ flex: 1 }}
        value={value ?? undefined}
        onChange={(id: number) => pick(id)}
        placeholder='规格'
        options={skus.map((s) => ({ value: s.id, label: `${s.specText || '默认'}（库存 ${s.stock}）` }))}
        data-testid='sku-select'
      />
    </Space.Compact>
  )
}
