// 操作日志 in words (admin/src/core/audit.ts): every action and record type the server's audited writes use has a
// Chinese name (read from the server's source, so a new action without one fails here), and a row's before / after
// become 「字段：修改前 → 修改后」 rows with values in words, never JSON or code.
import fs from 'node:fs'
import path from 'node:path'
import { AUDIT_ACTIONS, AUDIT_TARGETS, auditActionText, auditDiffRows, auditTargetIdText, fieldLabel, valueText } from '../src/core/audit'
// @ts-expect-error -- a plain ES module of the e2e tests, without types
import { devTokens } from '../../test/e2e/devText.mjs'

const SERVER = path.join(__dirname, '..', '..', 'server', 'src')
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [fs.readFileSync(path.join(dir, e.name), 'utf8')] : []))
}
const code = sources(SERVER).join('\n')

describe('audit labels', () => {
  it('name every action and record type the server writes', () => {
    const actions = new Set([...code.matchAll(/action: '([a-zA-Z]+\.[a-zA-Z.-]+)'/g)].map((m) => m[1]))
    // Actions chosen by a condition (`role ? 'staff.role' : 'staff.update'`) and built from a record type.
    for (const m of code.matchAll(/'([a-zA-Z]+\.[a-z][a-zA-Z-]*)'/g))
      if (/^(goods|staff|member|pointsGoods|review|videoComment|article|afterSale)\./.test(m[1]) && !/\.(read|write)$/.test(m[1])) actions.add(m[1])
    for (const t of ['banner', 'nav', 'notice', 'hotWord', 'section']) for (const op of ['create', 'update', 'delete']) actions.add(`${t}.${op}`)
    for (const k of ['subscribe', 'official']) actions.add(`settings.message.${k}`)
    expect(actions.size).toBeGreaterThan(90)
    const missing = [...actions].filter(
      (a) =>
        !AUDIT_ACTIONS[a] &&
        !/^(goods|staff|member)\.(id|name|price|stock|status|tags|sales|subtitle|brandId|categoryId|createdAt|updatedAt|mainImage|originalPrice|isHot|isNew|nickname|avatar|username|role)$/.test(a),
    )
    expect(missing.filter((a) => !/^(afterSale|afterSales|goodsReviews|videoComments|members)\.[a-z]+[A-Z]/.test(a))).toEqual([])
    const targets = new Set([...code.matchAll(/targetType: '([a-zA-Z]+)'/g)].map((m) => m[1]))
    expect(targets.size).toBeGreaterThan(30)
    expect([...targets].filter((t) => !AUDIT_TARGETS[t])).toEqual([])
  })
  it('never show an action, record type or key as code', () => {
    for (const text of [...Object.values(AUDIT_ACTIONS), ...Object.values(AUDIT_TARGETS)]) expect(devTokens(text)).toEqual([])
    expect(auditActionText('goods.rename', 'goods')).toBe('商品 · 其他操作')
    expect(auditTargetIdText('pointsRules')).toBe('—')
    expect(auditTargetIdText('202611270001')).toBe('202611270001')
    expect(fieldLabel('price')).toBe('价格')
    expect(fieldLabel('somethingNew')).toBe('其他信息')
    expect(fieldLabel('shippedAt')).toBe('时间')
  })
})

describe('auditDiffRows', () => {
  it('lists the changed fields with their values in words', () => {
    const rows = auditDiffRows({ name: '杯子', price: 1999, status: 'off', stock: 3, updatedAt: 1 }, { name: '杯子', price: 2500, status: 'on', stock: 3, updatedAt: 2 })
    expect(rows).toEqual([
      { label: '价格', before: '¥19.99', after: '¥25.00' },
      { label: '状态', before: '关闭', after: '开启' },
    ])
  })
  it('shows every field of a created or deleted record, nested records one level deep', () => {
    expect(auditDiffRows(null, { title: '春季上新', isTop: true, rules: { perYuan: 2 } })).toEqual([
      { label: '标题', before: '—', after: '春季上新' },
      { label: '置顶', before: '—', after: '是' },
      { label: '其他信息 · 每元积分', before: '—', after: '2' },
    ])
    expect(auditDiffRows({ status: 'to_ship' }, null)).toEqual([{ label: '状态', before: '待发货', after: '—' }])
  })
  it('gives unknown keys and code values a readable fallback, never JSON', () => {
    const rows = auditDiffRows({ mysteryField: { a: 1 }, kind: 'weird_kind', list: [{ a: 1 }, { b: 2 }] }, { mysteryField: { a: 2 }, kind: 'other_kind', list: [] })
    for (const r of rows) expect(devTokens(`${r.label} ${r.before} ${r.after}`)).toEqual([])
    expect(rows.map((r) => r.label)).toEqual(['其他信息 · 其他信息', '类型', '其他信息'])
    expect(valueText('detailHtml', '<p>好 <b>杯子</b></p>')).toBe('好 杯子')
    expect(valueText('paidAt', 1764230400000)).toMatch(/^20\d\d-\d\d-\d\d \d\d:\d\d$/)
  })
})
