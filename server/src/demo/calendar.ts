/**
 * The demo's calendar: seeded notices, activities and banners are written for the day the demo is seeded (China
 * time), so a shop seeded in November shows an autumn festival and the New Year's Day logistics notice, never a
 * Spring Festival notice or a summer sale.
 */
import { chinaDate, chinaMidnight } from '../services/chinaTime'

const DAY = 86_400_000

export interface Season {
  /** 春季 / 夏日 / 秋季 / 冬季 */
  name: string
  /** 春夏 / 秋冬: the clothing season new arrivals are named after. */
  pair: string
  /** The festival running now and the one announced next. */
  festival: { title: string; summary: string; hue: number }
  next: { title: string; summary: string; hue: number }
}

const SEASONS: Season[] = [
  { name: '春季', pair: '春夏', festival: { title: '春季焕新节', summary: '全场满199减30，春装新品限时直降', hue: 330 }, next: { title: '夏日清凉季', summary: '防晒、清凉好物提前预告', hue: 190 } },
  { name: '夏日', pair: '春夏', festival: { title: '夏日清凉季', summary: '全场满199减30，清凉好物限时直降', hue: 190 }, next: { title: '秋季上新季', summary: '秋装、滋补好物提前预告', hue: 30 } },
  { name: '秋季', pair: '秋冬', festival: { title: '秋季焕新节', summary: '全场满199减30，秋冬新品限时直降', hue: 30 }, next: { title: '冬季暖冬节', summary: '羽绒服、取暖好物提前预告', hue: 210 } },
  { name: '冬季', pair: '秋冬', festival: { title: '冬季暖冬节', summary: '全场满199减30，保暖好物限时直降', hue: 210 }, next: { title: '春季焕新节', summary: '春装新品提前预告', hue: 330 } },
]

/** The season of a time by its China month: spring 3–5, summer 6–8, autumn 9–11, winter 12–2. */
export function seasonOf(t: number): Season {
  const m = chinaDate(t).month
  return SEASONS[m >= 3 && m <= 5 ? 0 : m >= 6 && m <= 8 ? 1 : m >= 9 && m <= 11 ? 2 : 3]
}

/** Spring Festival (lunar new year's day) by year: it moves, so it is listed. */
const SPRING_FESTIVAL: Record<number, [number, number]> = {
  2024: [2, 10],
  2025: [1, 29],
  2026: [2, 17],
  2027: [2, 6],
  2028: [1, 26],
  2029: [2, 13],
  2030: [2, 3],
  2031: [1, 23],
  2032: [2, 11],
}

export interface Holiday {
  name: string
  /** Midnight (China) of its first day. */
  at: number
  /** Days of the public holiday (the logistics pause). */
  days: number
}

/** The public holidays of a year that pause deliveries, in date order. */
function holidaysOf(year: number): Holiday[] {
  const list: Holiday[] = [
    { name: '元旦', at: chinaMidnight(year, 1, 1), days: 1 },
    { name: '劳动节', at: chinaMidnight(year, 5, 1), days: 5 },
    { name: '国庆节', at: chinaMidnight(year, 10, 1), days: 7 },
  ]
  const sf = SPRING_FESTIVAL[year]
  if (sf) list.push({ name: '春节', at: chinaMidnight(year, sf[0], sf[1]) - DAY, days: 8 })
  return list.sort((a, b) => a.at - b.at)
}

/** The next holiday that starts within `withinDays` of `t` (or is under way), if any. */
export function upcomingHoliday(t: number, withinDays = 45): Holiday | null {
  const { year } = chinaDate(t)
  const next = [...holidaysOf(year), ...holidaysOf(year + 1)].find((h) => h.at + h.days * DAY > t)
  return next && next.at - t <= withinDays * DAY ? next : null
}

/** "1月1日" of a time, China date. */
export function monthDayText(t: number): string {
  const d = chinaDate(t)
  return `${d.month}月${d.day}日`
}

/** The logistics notice of the demo: the next holiday's when one is near, else the shop's usual shipping times. */
export function logisticsNotice(t: number): { title: string; summary: string; body: string } {
  const h = upcomingHoliday(t)
  if (!h) {
    return {
      title: '发货时效说明：每日16点前下单当天发出',
      summary: '现货商品16点前付款当天发出，偏远地区顺延1～2天',
      body: '<p>亲爱的顾客：</p><p>现货商品每日16点前付款的订单当天发出，16点后付款的订单次日发出；新疆、西藏等偏远地区顺延1～2天。</p><p>感谢您的支持！</p>',
    }
  }
  const from = monthDayText(h.at)
  const to = monthDayText(h.at + (h.days - 1) * DAY)
  const range = h.days > 1 ? `${from}至${to}` : from
  const after = monthDayText(h.at + h.days * DAY)
  return {
    title: `关于${h.name}期间物流安排的公告`,
    summary: `${h.name}期间部分地区快递暂停揽收，请提前下单`,
    body: `<p>亲爱的顾客：</p><p>${h.name}期间（${range}）部分地区快递暂停揽收，期间下单的商品将于${after}起陆续发货，敬请谅解。</p><p>祝您节日快乐！</p>`,
  }
}
