/** Specs → SKU rows: every combination of the groups' values, keeping what was typed for a combination. */

export interface SpecGroupDraft {
  name: string
  values: string[]
}
export interface SkuDraft {
  id?: number
  /** Yuan as typed. */
  price: string
  originalPrice: string
  stock: number | null
  image: string
  /** 货号, 条码 as typed. */
  code: string
  barcode: string
  /** Grams, as typed (digits). */
  weight: string
  /** 成本价, yuan as typed. */
  costPrice: string
}
export const EMPTY_SKU: SkuDraft = { price: '', originalPrice: '', stock: null, image: '', code: '', barcode: '', weight: '', costPrice: '' }

/**
 * The rows sharing the first spec's value (a colour's sizes) are drawn one after another: how many rows the
 * picture cell of each row spans (the first row of a value spans them all, the others 0). One picture a colour.
 */
export function firstValueSpans(rows: Array<{ values: string[] }>, groups: number): number[] {
  if (groups < 2) return rows.map(() => 1)
  return rows.map((r, i) => {
    if (i > 0 && rows[i - 1].values[0] === r.values[0]) return 0
    const next = rows.findIndex((x, j) => j > i && x.values[0] !== r.values[0])
    return (next < 0 ? rows.length : next) - i
  })
}

/** Groups with a name and at least one value, values trimmed and unique. */
export function cleanGroups(groups: Array<Partial<SpecGroupDraft> | undefined> | undefined): SpecGroupDraft[] {
  return (groups || []).map((g) => ({ name: (g?.name || '').trim(), values: [...new Set((g?.values || []).map((v) => v.trim()).filter(Boolean))] })).filter((g) => g.name && g.values.length)
}

/** Every combination, each as its values in the groups' order ([] when there is no group: one SKU). */
export function combinations(groups: SpecGroupDraft[]): string[][] {
  return groups.reduce<string[][]>((acc, g) => acc.flatMap((combo) => g.values.map((v) => [...combo, v])), [[]])
}

export const comboKey = (values: string[]) => JSON.stringify(values)
export const specsOf = (groups: SpecGroupDraft[], values: string[]) => Object.fromEntries(groups.map((g, i) => [g.name, values[i]]))
