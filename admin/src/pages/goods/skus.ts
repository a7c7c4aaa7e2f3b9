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
}
export const EMPTY_SKU: SkuDraft = { price: '', originalPrice: '', stock: null, image: '' }

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
