/**
 * The national division list (GB/T 2260 codes) as `@vant/area-data` ships it: `province_list` (XX0000),
 * `city_list` (XXYY00) and `county_list` (XXYYZZ). These helpers take the list as an argument so that the client
 * loads it only when the address picker opens (a dynamic import) and the server imports it once.
 *
 * A few "cities" of the list are groupings, not places: 省直辖县 (仙桃市, 济源市, 琼海市…), 重庆's 县 and
 * 新疆's 自治区直辖县级行政区划. They are stored as the list names them (so the code and the names agree) and left
 * out of the text an address is shown with (`regionText`).
 */
export interface AreaList {
  province_list: Record<string, string>
  city_list: Record<string, string>
  county_list: Record<string, string>
}

/** A node of the picker (NutUI Address / Cascader options): the name shown, the code as its value. */
export interface RegionNode {
  text: string
  value: string
  children?: RegionNode[]
}

export interface AreaNames {
  province: string
  city: string
  district: string
}

/** City-level names that group county-level places rather than name one. */
export const GROUPING_CITIES = ['省直辖县', '县', '自治区直辖县级行政区划']

/** "浙江省 杭州市 西湖区": municipalities show the city once ("上海市 浦东新区"), groupings not at all ("湖北省 仙桃市"). */
export function regionText(province: string, city: string, district: string): string {
  return [province, city === province || GROUPING_CITIES.includes(city) ? '' : city, district].filter(Boolean).join(' ')
}

const provinceCode = (code: string) => `${code.slice(0, 2)}0000`
const cityCode = (code: string) => `${code.slice(0, 4)}00`

/** The names of a county-level (or, for a city without counties, city-level) code; null when the list has no such code. */
export function namesOfCode(area: AreaList, code: string): AreaNames | null {
  if (!/^\d{6}$/.test(code)) return null
  const province = area.province_list[provinceCode(code)]
  const city = area.city_list[cityCode(code)]
  if (!province || !city) return null
  if (code.endsWith('00')) return area.city_list[code] && !Object.keys(area.county_list).some((k) => k.startsWith(code.slice(0, 4))) ? { province, city, district: '' } : null
  const district = area.county_list[code]
  return district ? { province, city, district } : null
}

/** The code of a province / city / district triple as the list names them, '' when it names no place of the list. */
export function codeOfNames(area: AreaList, province: string, city: string, district: string): string {
  const p = Object.keys(area.province_list).find((k) => area.province_list[k] === province)
  if (!p) return ''
  const c = Object.keys(area.city_list).find((k) => k.startsWith(p.slice(0, 2)) && area.city_list[k] === city)
  if (!c) return ''
  if (!district) return namesOfCode(area, c) ? c : ''
  return Object.keys(area.county_list).find((k) => k.startsWith(c.slice(0, 4)) && area.county_list[k] === district) || ''
}

/** Province → city → district, in code order, for the picker. */
export function regionTree(area: AreaList): RegionNode[] {
  const counties = new Map<string, RegionNode[]>()
  for (const [code, text] of Object.entries(area.county_list)) {
    const key = code.slice(0, 4)
    if (!counties.has(key)) counties.set(key, [])
    counties.get(key)!.push({ text, value: code })
  }
  const cities = new Map<string, RegionNode[]>()
  for (const [code, text] of Object.entries(area.city_list)) {
    const key = code.slice(0, 2)
    if (!cities.has(key)) cities.set(key, [])
    const children = counties.get(code.slice(0, 4))
    cities.get(key)!.push(children ? { text, value: code, children } : { text, value: code })
  }
  return Object.entries(area.province_list).map(([code, text]) => ({ text, value: code, children: cities.get(code.slice(0, 2)) || [] }))
}

/** The picker's path of codes for a saved address: from its code, else from its names as far as they match. */
export function regionPath(area: AreaList, a: AreaNames & { areaCode?: string }): string[] {
  const code = a.areaCode && namesOfCode(area, a.areaCode) ? a.areaCode : codeOfNames(area, a.province, a.city, a.district)
  if (code) return code.endsWith('00') ? [provinceCode(code), code] : [provinceCode(code), cityCode(code), code]
  const p = Object.keys(area.province_list).find((k) => area.province_list[k] === a.province)
  if (!p) return []
  const c = Object.keys(area.city_list).find((k) => k.startsWith(p.slice(0, 2)) && area.city_list[k] === a.city)
  return c ? [p, c] : [p]
}
