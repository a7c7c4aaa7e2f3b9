/** Goods chosen by searching their names (ids in order): a form control for goods sections. */
import { useEffect, useRef, useState } from 'react'
import { Select, Spin } from 'antd'
import { goodsDetail, goodsList } from '../api/goods'

export function GoodsPicker({ value = [], onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([])
  const [searching, setSearching] = useState(false)
  const names = useRef(new Map<number, string>())
  const timer = useRef<ReturnType<typeof setTimeout>>()

  // Names of the goods already chosen (an edited section).
  useEffect(() => {
    const missing = value.filter((id) => !names.current.has(id))
    if (!missing.length) return
    void Promise.all(
      missing.map((id) =>
        goodsDetail(id).then(
          (g) => names.current.set(id, g.name),
          () => names.current.set(id, `商品 #${id}`),
        ),
      ),
    ).then(() => setOptions((o) => [...o]))
  }, [value])

  function search(keyword: string) {
    clearTimeout(timer.current)
    timer.current = setTimeout(async () => {
      setSearching(true)
      try {
        const r = await goodsList({ keyword: keyword.trim() || undefined, status: 'on', pageSize: 20 })
        r.list.forEach((g) => names.current.set(g.id, g.name))
        setOptions(r.list.map((g) => ({ value: g.id, label: `${g.name}（#${g.id}）` })))
      } finally {
        setSearching(false)
      }
    }, 300)
  }

  const chosen = value.map((id) => ({ value: id, label: names.current.get(id) || `商品 #${id}` }))
  return (
    <Select
      mode='multiple'
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={search}
      onFocus={() => !options.length && search('')}
      notFoundContent={searching ? <Spin size='small' /> : '没有找到在售商品'}
      options={[...chosen, ...options.filter((o) => !value.includes(o.value))]}
      placeholder='输入商品名称搜索'
      maxCount={50}
    />
  )
}
