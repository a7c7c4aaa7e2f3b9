import type { AreaList } from '@contract/area'

/**
 * 粘贴识别地址: splits a pasted 「张三 13800138000 山东省临沂市兰山区金雀山路10号」 into the form's fields. The parts may
 * come in any order, on one line or several, with labels (收货人：…、手机号码：…、所在地区：…、详细地址：…) and any
 * punctuation; the region may leave out 省 / 市 / 区 (「山东临沂兰山区」), name a municipality once or twice
 * (「北京朝阳区」, 「上海市上海市浦东新区」) or start at the city (「临沂市兰山区…」). Region names come from the national
 * division list (the same the picker shows), so what is found always has its code. Parts that are not found stay
 * empty for the shopper to fill in.
 */
export interface ParsedAddress {
  name: string
  phone: string
  province: string
  city: string
  district: string
  /** GB/T 2260 code of the deepest level found ('' when no region was found). */
  areaCode: string
  detail: string
}

const LABELS = /(收货人|收件人|联系人|姓名|名字|手机号码|手机号|手机|联系电话|电话号码|电话|所在地区|所在地|地区|省市区|详细地址|收货地址|地址)\s*[:：]?/g
const SEPARATORS = /[\s,，;；:：|｜、/\\()（）【】[\]"“”'‘’<>《》!！?？]+/
const PHONE = /(?:\+?86[-\s]?)?(1[3-9]\d)[-\s]?(\d{4})[-\s]?(\d{4})(?!\d)/
/** A token that ends like a place or a building, or has digits, is part of the address, not a name. */
const ADDRESS_WORDS = /(路|街|道|巷|弄|号|楼|栋|幢|座|室|村|镇|乡|区|县|市|省|州|旗|盟|单元|小区|花园|大厦|广场|公寓|苑|院|里|门)$|\d/

/** Names without their administrative suffix, for matching text that leaves it out (at least two characters). */
function shortName(name: string): string {
  const s = name
    .replace(
      /(蒙古|回|藏|维吾尔|苗|彝|壮|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|拉祜|水|东乡|纳西|景颇|柯尔克孜|土|达斡尔|仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|阿昌|普米|塔吉克|怒|乌孜别克|俄罗斯|鄂温克|德昂|保安|裕固|京|塔塔尔|独龙|鄂伦春|赫哲|门巴|珞巴|基诺)族/g,
      '',
    )
    .replace(/(特别行政区|自治区|自治州|自治县|自治旗|地区|省|市|盟|区|县|旗)$/, '')
  return s.length >= 2 && s !== name ? s : ''
}

interface Place {
  code: string
  name: string
  short: string
}
const lists = new WeakMap<Record<string, string>, Place[]>()
function places(list: Record<string, string>, prefix = ''): Place[] {
  let all = lists.get(list)
  if (!all) {
    all = Object.entries(list).map(([code, name]) => ({ code, name, short: shortName(name) }))
    lists.set(list, all)
  }
  return prefix ? all.filter((p) => p.code.startsWith(prefix)) : all
}

/** The place whose name (or short name) the text starts with: the longest match, full names before short ones. */
function startsWithPlace(text: string, list: Place[]): { place: Place; length: number } | null {
  let best: { place: Place; length: number } | null = null
  for (const p of list) {
    if (text.startsWith(p.name) && (!best || p.name.length > best.length)) best = { place: p, length: p.name.length }
    // A short name followed by a suffix names another place (「朝阳区」 is not 朝阳市).
    if (p.short && text.startsWith(p.short) && !/^[省市区县旗州盟]/.test(text.slice(p.short.length)) && (!best || p.short.length > best.length)) best = { place: p, length: p.short.length }
  }
  return best
}

/** Finds province, city and district at the start of `text`; returns them and what follows (the detail). */
export function matchRegion(text: string, area: AreaList): { province: string; city: string; district: string; areaCode: string; rest: string } | null {
  let s = text.replace(/^中国/, '')
  let province: Place | null = null
  let city: Place | null = null
  let county: Place | null = null
  const p = startsWithPlace(s, places(area.province_list))
  if (p) {
    province = p.place
    s = s.slice(p.length)
  }
  const prefix = province ? province.code.slice(0, 2) : ''
  const c = startsWithPlace(s, places(area.city_list, prefix))
  if (c) {
    city = c.place
    s = s.slice(c.length)
  }
  const d = startsWithPlace(s, places(area.county_list, city ? city.code.slice(0, 4) : prefix))
  // A district alone names a place only by its full name, and only when no other district has it (朝阳区: 北京, 长春).
  const alone = (x: { place: Place; length: number }) => x.length === x.place.name.length && places(area.county_list).filter((o) => o.name === x.place.name).length === 1
  if (d && (province || city || alone(d))) {
    county = d.place
    s = s.slice(d.length)
  }
  // 「北京朝阳区」: a municipality's one city is implied; 「仙桃市…」: a county found under its province names the city.
  if (county && !city) city = places(area.city_list, county.code.slice(0, 4)).find((x) => x.code === `${county!.code.slice(0, 4)}00`) || null
  if (province && !city) {
    const only = places(area.city_list, province.code.slice(0, 2))
    if (only.length === 1) city = only[0] // 北京市, 天津市, 上海市: their one city
  }
  if (city && !province) province = places(area.province_list).find((x) => x.code === `${city!.code.slice(0, 2)}0000`) || null
  if (!province || !city) return null
  if (!county) {
    // A city whose only counties are the rest of the text's start cannot be known: leave the district to the picker.
    const hasCounties = Object.keys(area.county_list).some((k) => k.startsWith(city!.code.slice(0, 4)))
    if (hasCounties) return { province: province.name, city: city.name, district: '', areaCode: city.code, rest: s }
  }
  return { province: province.name, city: city.name, district: county ? county.name : '', areaCode: county ? county.code : city.code, rest: s }
}

const looksLikeName = (s: string) => s.length >= 2 && s.length <= 15 && /^[\u4e00-\u9fa5·•A-Za-z]+$/.test(s) && !ADDRESS_WORDS.test(s)

export function parseAddress(raw: string, area: AreaList): ParsedAddress {
  const out: ParsedAddress = { name: '', phone: '', province: '', city: '', district: '', areaCode: '', detail: '' }
  let text = String(raw || '').replace(/\r/g, '\n')
  const phone = PHONE.exec(text)
  if (phone) {
    out.phone = `${phone[1]}${phone[2]}${phone[3]}`
    text = text.replace(phone[0], ' ')
  }
  // A labelled name first: 「收货人：张三」.
  const labelled = /(?:收货人|收件人|联系人|姓名)\s*[:：]?\s*([\u4e00-\u9fa5·A-Za-z]{2,15})/.exec(text)
  text = text.replace(LABELS, ' ')
  const tokens = text.split(SEPARATORS).filter(Boolean)
  let nameAt = labelled ? tokens.findIndex((t) => t === labelled[1]) : -1
  if (nameAt < 0) {
    // Else the first token that looks like a name and does not start the region.
    nameAt = tokens.findIndex((t) => looksLikeName(t) && !matchRegion(t, area))
  }
  if (nameAt >= 0) {
    out.name = tokens[nameAt]
    tokens.splice(nameAt, 1)
  }
  // The address: the tokens from the one where a region starts, joined (a pasted address may be spaced out).
  for (let i = 0; i < tokens.length; i++) {
    const r = matchRegion(tokens.slice(i).join(''), area)
    if (!r) continue
    out.province = r.province
    out.city = r.city
    out.district = r.district
    out.areaCode = r.areaCode
    out.detail = [r.rest, ...tokens.slice(0, i)].filter(Boolean).join(' ').slice(0, 100)
    return out
  }
  out.detail = tokens.join('').slice(0, 100)
  return out
}
