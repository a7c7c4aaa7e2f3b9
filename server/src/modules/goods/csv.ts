import type { Readable } from 'node:stream'
import { sql } from 'kysely'
import type { Db, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import type { AuditEntry } from '../../admin/audit'
import { csvStream, csvYuan, parseCsv } from '../../admin/csv'
import { createGoods, syncGoodsTotals } from './adminService'
import type { GoodsImportReply } from '../../../../types/adminGoods'

/**
 * 商品 CSV: the export (one row per SKU) and the import that reads the same columns back: a line whose 货号 is
 * known updates that SKU; lines with new 货号 create goods (off the shelf), one goods per 商品名称. docs/console.md.
 */
type Log = (e: AuditEntry) => void

export const GOODS_CSV_HEADER = [
  '商品编号',
  '商品名称',
  '分类',
  '品牌',
  '状态',
  '规格',
  '货号',
  '条码',
  '售价',
  '划线价',
  '成本价',
  '库存',
  '重量（克）',
  '销量',
  '图片',
  '每人限购',
  '起购数量',
] as const
/** The columns the import reads; the others (商品编号, 品牌, 状态, 销量) are the export's own. */
const NEEDED = ['商品名称', '货号', '售价'] as const
export const GOODS_IMPORT_MAX = 2000

type Row = {
  skuId: number
  goodsId: number
  name: string
  category: string
  brand: string | null
  status: string
  specs: string
  code: string
  barcode: string
  price: number
  originalPrice: number
  costPrice: number
  stock: number
  weight: number
  sales: number
  image: string
  mainImage: string
  perMemberLimit: number
  minQuantity: number
}

/** 规格 as 颜色:红；尺码:M (the names kept, so the import can rebuild the goods' specs). */
const specCell = (specs: string) => {
  try {
    return Object.entries(JSON.parse(specs || '{}') as Record<string, string>)
      .map(([k, v]) => `${k}:${v}`)
      .join('；')
  } catch {
    return ''
  }
}

export function exportGoodsCsv(db: Db): Readable {
  return csvStream<Row>(
    [...GOODS_CSV_HEADER],
    (after, limit) =>
      db
        .selectFrom('goodsSkus as s')
        .innerJoin('goods as g', 'g.id', 's.goodsId')
        .leftJoin('categories as c', 'c.id', 'g.categoryId')
        .leftJoin('brands as b', 'b.id', 'g.brandId')
        .select([
          's.id as skuId',
          'g.id as goodsId',
          'g.name',
          sql<string>`COALESCE(c.name, '')`.as('category'),
          'b.name as brand',
          'g.status',
          's.specs',
          's.code',
          's.barcode',
          's.price',
          's.originalPrice',
          's.costPrice',
          's.stock',
          's.weight',
          's.sales',
          's.image',
          'g.mainImage',
          'g.perMemberLimit',
          'g.minQuantity',
        ])
        .$if(!!after, (q) => q.where('s.id', '>', after!.skuId))
        .orderBy('s.id')
        .limit(limit)
        .execute(),
    (r) => [
      r.goodsId,
      r.name,
      r.category,
      r.brand || '',
      r.status === 'on' ? '已上架' : '已下架',
      specCell(r.specs),
      r.code,
      r.barcode,
      csvYuan(r.price),
      r.originalPrice > r.price ? csvYuan(r.originalPrice) : '',
      r.costPrice ? csvYuan(r.costPrice) : '',
      r.stock,
      r.weight || '',
      r.sales,
      r.image || r.mainImage,
      r.perMemberLimit || '',
      r.minQuantity || '',
    ],
  )
}

interface Line {
  line: number
  name: string
  category: string
  specs: Array<[string, string]>
  code: string
  barcode?: string
  price: number
  originalPrice?: number
  costPrice?: number
  stock?: number
  weight?: number
  images: string[]
  /** 每人限购 / 起购数量 of the goods (0 = none; left out = unchanged on an update). */
  perMemberLimit?: number
  minQuantity?: number
}

const fen = (cell: string, what: string) => {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cell)) throw new AppError(ErrorCode.BAD_REQUEST, `${what}「${cell}」须为金额，最多两位小数`)
  return Math.round(Number(cell) * 100)
}
const whole = (cell: string, what: string, max: number) => {
  if (!/^\d+$/.test(cell) || Number(cell) > max) throw new AppError(ErrorCode.BAD_REQUEST, `${what}「${cell}」须为不大于 ${max} 的整数`)
  return Number(cell)
}

/** One line of the file, checked; what is empty is left as it is (an update) or 0 (a new SKU). */
function readLine(line: number, get: (col: string) => string): Line {
  const name = get('商品名称')
  const code = get('货号')
  if (!name) throw new AppError(ErrorCode.BAD_REQUEST, '缺少商品名称')
  if (!code) throw new AppError(ErrorCode.BAD_REQUEST, '缺少货号（导入按货号找到要更新的规格）')
  if (!/^[A-Za-z0-9._/-]{1,64}$/.test(code)) throw new AppError(ErrorCode.BAD_REQUEST, `货号「${code}」只能含字母、数字和 - _ . /`)
  if (!get('售价')) throw new AppError(ErrorCode.BAD_REQUEST, '缺少售价')
  const price = fen(get('售价'), '售价')
  if (price < 1) throw new AppError(ErrorCode.BAD_REQUEST, '售价须大于 0')
  const specs = get('规格')
    .split(/[；;|]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p): [string, string] => {
      const m = /^([^:：]{1,16})[:：](.{1,32})$/.exec(p)
      if (!m) throw new AppError(ErrorCode.BAD_REQUEST, `规格「${p}」须写成 规格名:值，多个用；隔开（如 颜色:红；尺码:M）`)
      return [m[1].trim(), m[2].trim()]
    })
  const opt = <T>(col: string, f: (c: string) => T) => (get(col) ? f(get(col)) : undefined)
  const barcode = opt('条码', (c) => {
    if (!/^[0-9A-Za-z-]{1,64}$/.test(c)) throw new AppError(ErrorCode.BAD_REQUEST, `条码「${c}」只能含数字和字母`)
    return c
  })
  return {
    line,
    name: name.slice(0, 128),
    category: get('分类'),
    specs,
    code,
    barcode,
    price,
    originalPrice: opt('划线价', (c) => fen(c, '划线价')),
    costPrice: opt('成本价', (c) => fen(c, '成本价')),
    stock: opt('库存', (c) => whole(c, '库存', 10_000_000)),
    weight: opt('重量（克）', (c) => whole(c, '重量', 1_000_000)),
    perMemberLimit: opt('每人限购', (c) => whole(c, '每人限购', 9999)),
    minQuantity: opt('起购数量', (c) => whole(c, '起购数量', 9999)),
    images: get('图片')
      .split(/[\s|]+/)
      .filter((u) => /^(https:\/\/|\/uploads\/)/.test(u)),
  }
}

const checkRules = (r: { perMemberLimit: number; minQuantity: number }) => {
  if (r.perMemberLimit > 0 && r.minQuantity > r.perMemberLimit) throw new AppError(ErrorCode.BAD_REQUEST, '起购数量不能大于每人限购数量')
}

/** A known 货号: that SKU's prices, stock, code facts; the goods' price and stock follow. */
async function updateSku(tx: Tx, l: Line, log: Log) {
  const sku = await tx.selectFrom('goodsSkus').selectAll().where('code', '=', l.code).executeTakeFirstOrThrow()
  const originalPrice = l.originalPrice ?? sku.originalPrice
  if (originalPrice && originalPrice < l.price) throw new AppError(ErrorCode.BAD_REQUEST, '划线价不能低于售价')
  const set = {
    price: l.price,
    originalPrice: Math.max(originalPrice, l.price),
    ...(l.costPrice !== undefined ? { costPrice: l.costPrice } : {}),
    ...(l.barcode !== undefined ? { barcode: l.barcode } : {}),
    ...(l.weight !== undefined ? { weight: l.weight } : {}),
    ...(l.stock !== undefined ? { stock: l.stock } : {}),
  }
  await tx.updateTable('goodsSkus').set(set).where('id', '=', sku.id).execute()
  await syncGoodsTotals(tx, [sku.goodsId])
  const before = { code: sku.code, price: sku.price, originalPrice: sku.originalPrice, costPrice: sku.costPrice, barcode: sku.barcode, weight: sku.weight, stock: sku.stock }
  // 每人限购 / 起购数量 are the goods' (the same on each of its lines).
  const goods = await tx.selectFrom('goods').select(['perMemberLimit', 'minQuantity']).where('id', '=', sku.goodsId).executeTakeFirstOrThrow()
  const rules = { perMemberLimit: l.perMemberLimit ?? goods.perMemberLimit, minQuantity: l.minQuantity ?? goods.minQuantity }
  checkRules(rules)
  if (rules.perMemberLimit !== goods.perMemberLimit || rules.minQuantity !== goods.minQuantity) await tx.updateTable('goods').set(rules).where('id', '=', sku.goodsId).execute()
  log({ action: 'goods.import', targetType: 'sku', targetId: sku.id, before: { goodsId: sku.goodsId, ...before, ...goods }, after: { goodsId: sku.goodsId, ...before, ...set, ...rules } })
}

/** New 货号 under one 商品名称: a goods item off the shelf, its specs rebuilt from the lines' 规格. */
async function createFromLines(tx: Tx, lines: Line[], log: Log): Promise<number> {
  const first = lines[0]
  if (await tx.selectFrom('goods').select('id').where('name', '=', first.name).executeTakeFirst())
    throw new AppError(ErrorCode.BAD_REQUEST, `商品「${first.name}」已存在：它的新规格请在商品编辑页添加，或填写已有的货号来更新`)
  if (!first.category) throw new AppError(ErrorCode.BAD_REQUEST, '新商品须填写分类（二级分类的名称）')
  const cat = await tx.selectFrom('categories').select('id').where('name', '=', first.category).where('parentId', '!=', 0).executeTakeFirst()
  if (!cat) throw new AppError(ErrorCode.BAD_REQUEST, `分类「${first.category}」不存在或不是二级分类`)
  const names = first.specs.map(([k]) => k)
  for (const l of lines) if (l.specs.map(([k]) => k).join('|') !== names.join('|')) throw new AppError(ErrorCode.BAD_REQUEST, `第 ${l.line} 行的规格名与第 ${first.line} 行不同`)
  const specGroups = names.map((n, i) => ({ name: n, values: [...new Set(lines.map((l) => l.specs[i][1]))] }))
  return createGoods(
    tx,
    {
      name: first.name,
      categoryId: cat.id,
      images: [...new Set(lines.flatMap((l) => l.images))].slice(0, 10),
      specGroups,
      skus: lines.map((l) => ({
        specs: Object.fromEntries(l.specs),
        price: l.price,
        originalPrice: l.originalPrice ?? 0,
        stock: l.stock ?? 0,
        code: l.code,
        barcode: l.barcode ?? '',
        weight: l.weight ?? 0,
        costPrice: l.costPrice ?? 0,
      })),
      status: 'off',
      perMemberLimit: first.perMemberLimit ?? 0,
      minQuantity: first.minQuantity ?? 0,
    },
    log,
  )
}

/**
 * Reads a goods CSV: each known 货号 is updated in its own transaction, each new goods (its lines together) in
 * its own; a bad line or goods is reported with its line numbers and the rest still goes in.
 */
export async function importGoodsCsv(db: Db, text: string, run: (work: (tx: Tx, log: Log) => Promise<unknown>) => Promise<unknown>): Promise<GoodsImportReply> {
  const rows = parseCsv(text)
  const header = rows.shift()
  const col = new Map((header?.cells || []).map((h, i) => [h.replace(/\s/g, ''), i]))
  const missing = NEEDED.filter((n) => !col.has(n))
  if (!header || missing.length) throw new AppError(ErrorCode.BAD_REQUEST, `第一行须是表头，缺少：${missing.join('、') || NEEDED.join('、')}（可先导出商品，按导出的表格填写）`)
  if (!rows.length) throw new AppError(ErrorCode.BAD_REQUEST, '表格中没有商品行')
  if (rows.length > GOODS_IMPORT_MAX) throw new AppError(ErrorCode.BAD_REQUEST, `一次最多导入 ${GOODS_IMPORT_MAX} 行`)
  const failed: GoodsImportReply['failed'] = []
  const fail = (lines: number[], err: unknown) => {
    if (!(err instanceof AppError)) throw err
    for (const line of lines) failed.push({ line, msg: err.message })
  }
  const lines: Line[] = []
  const seen = new Map<string, number>()
  for (const r of rows) {
    try {
      const l = readLine(r.line, (c) => (col.has(c) ? r.cells[col.get(c)!] || '' : ''))
      if (seen.has(l.code)) throw new AppError(ErrorCode.BAD_REQUEST, `货号「${l.code}」与第 ${seen.get(l.code)} 行重复`)
      seen.set(l.code, l.line)
      lines.push(l)
    } catch (err) {
      fail([r.line], err)
    }
  }
  const known = new Set(
    lines.length
      ? (
          await db
            .selectFrom('goodsSkus')
            .select('code')
            .where(
              'code',
              'in',
              lines.map((l) => l.code),
            )
            .execute()
        ).map((r) => r.code)
      : [],
  )
  let updated = 0
  let created = 0
  for (const l of lines.filter((x) => known.has(x.code))) {
    try {
      await run((tx, log) => updateSku(tx, l, log))
      updated += 1
    } catch (err) {
      fail([l.line], err)
    }
  }
  const groups = new Map<string, Line[]>()
  for (const l of lines.filter((x) => !known.has(x.code))) groups.set(l.name, [...(groups.get(l.name) || []), l])
  for (const group of groups.values()) {
    try {
      await run((tx, log) => createFromLines(tx, group, log))
      created += 1
    } catch (err) {
      fail(
        group.map((l) => l.line),
        err,
      )
    }
  }
  failed.sort((a, b) => a.line - b.line)
  return { updated, created, failed }
}
