import { Readable } from 'node:stream'
import { chinaDay, chinaSecond } from '../services/chinaTime'

/**
 * A CSV cell: quoted, quotes doubled; a leading = + - @ is neutralised so a spreadsheet does not run it as a formula
 * (a plain number such as -20.00 is no formula and stays a number).
 */
export const csvCell = (v: string | number | null | undefined) => {
  const s = String(v ?? '')
  return `"${(/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}

export const CSV_BATCH = 500

/**
 * A CSV download, streamed: a UTF-8 BOM and the header, then pages of CSV_BATCH rows from `page(after)` (keyset:
 * each page starts after the last row of the one before), so a long export never sits in memory together.
 */
export function csvStream<R>(header: string[], page: (after: R | null, limit: number) => Promise<R[]>, toCells: (r: R) => Array<string | number | null | undefined>): Readable {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\r\n`
    let after: R | null = null
    for (;;) {
      const rows: R[] = await page(after, CSV_BATCH)
      if (!rows.length) return
      yield rows.map((r) => toCells(r).map(csvCell).join(',') + '\r\n').join('')
      if (rows.length < CSV_BATCH) return
      after = rows[rows.length - 1]
    }
  }
  return Readable.from(lines())
}

/** Sends a streamed CSV as an attachment named `<name>-<China day>.csv` (not an envelope). */
export function sendCsv(reply: { type: (t: string) => any; header: (k: string, v: string) => any; send: (b: unknown) => any }, name: string, body: Readable) {
  const day = chinaDay()
  reply.type('text/csv; charset=utf-8')
  reply.header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
  reply.header('Cache-Control', 'no-store')
  return reply.send(body)
}

export const csvYuan = (fen: number | null | undefined) => (Number(fen || 0) / 100).toFixed(2)
export const csvTime = chinaSecond

/**
 * A CSV file as rows of cells (RFC 4180: quoted cells may hold commas, quotes doubled and line breaks; a UTF-8 BOM
 * and blank lines are dropped). A cell our exports neutralised (`'=…`, see csvCell) reads back as it was.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = []
  const src = text.replace(/^\uFEFF/, '')
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  const endCell = () => {
    cells.push(/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell)
    cell = ''
  }
  const endRow = () => {
    endCell()
    if (cells.some((c) => c.trim())) rows.push({ line: rowLine, cells: cells.map((c) => c.trim()) })
    cells = []
  }
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        cell += ch
      }
    } else if (ch === '"' && !cell) quoted = true
    else if (ch === ',' || ch === '\t') endCell()
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++
      endRow()
      line++
      rowLine = line
    } else cell += ch
  }
  if (cell || cells.length) endRow()
  return rows
}
