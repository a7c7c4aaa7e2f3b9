/**
 * Picks a catalogue goods by searching its name (the console's one goods picker, with picture and price), then one
 * of its SKUs: the item a points-mall entry or a blind-box prize hands out. `GoodsSelect` alone picks a goods (a
 * cashback rule is per goods).
 */
import { useEffect, useState } from 'react'
import { Select, Space } from 'antd'
import type { AdminSku } from '@contract/adminGoods'
import { goodsDetail } from '../../api/goods'
import { GoodsSelect } from '../../components/GoodsPicker'
import { yuanLabel } from '../../core/money'
import { useLatest } from '../../hooks/useLatest'

export { GoodsSelect }

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
        <GoodsSelect value={goodsId} onChange={(id) => setGoodsId(id)} style={{ width: '100%' }} />
      </div>
      <Select
        style={{ flex: 1 }}
        value={value ?? undefined}
        onChange={(id: number) => pick(id)}
        placeholder='规格'
        options={skus.map((s) => ({ value: s.id, label: `${s.specText || '默认'} · ${yuanLabel(s.price)}（库存 ${s.stock}）` }))}
        data-testid='sku-select'
      />
    </Space.Compact>
  )
}
