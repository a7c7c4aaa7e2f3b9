/** Categories and brands for selects (read once per page). */
import { useEffect, useState } from 'react'
import type { AdminBrand, AdminCategory } from '@contract/adminGoods'
import { brands as brandsApi, categories as categoriesApi } from '../../api/goods'
import { run } from '../../core/feedback'

export function useCatalog() {
  const [categories, setCategories] = useState<AdminCategory[]>([])
  const [brands, setBrands] = useState<AdminBrand[]>([])
  useEffect(() => {
    void run(categoriesApi()).then((c) => c && setCategories(c))
    void run(brandsApi()).then((b) => b && setBrands(b))
  }, [])
  return { categories, brands }
}

/** Two-level category options for a Cascader-free select: "服饰 / 上衣". */
export function categoryOptions(categories: AdminCategory[], { leavesOnly = false } = {}) {
  const tops = categories.filter((c) => c.parentId === 0)
  const out: Array<{ value: number; label: string }> = []
  for (const t of tops) {
    const children = categories.filter((c) => c.parentId === t.id)
    if (!leavesOnly || !children.length) out.push({ value: t.id, label: t.name })
    for (const c of children) out.push({ value: c.id, label: `${t.name} / ${c.name}` })
  }
  return out
}
