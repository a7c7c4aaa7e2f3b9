/**
 * Money on the wire is integer fen; people read and type yuan. Conversions work on the digits (never
 * `yuan * 100`, which drifts: 19.99 * 100 = 1998.9999999999998).
 */

/** Fen to yuan with two decimals: 12990 → "129.90", -5 → "-0.05". */
export function fenToYuan(fen: number | null | undefined): string {
  const n = Number(fen)
  if (!Number.isFinite(n)) return '0.00'
  const whole = Math.round(n)
  const abs = Math.abs(whole)
  const yuan = Math.floor(abs / 100)
  const cents = String(abs % 100).padStart(2, '0')
  return `${whole < 0 ? '-' : ''}${yuan}.${cents}`
}

/** Fen shown with the yuan sign: 12990 → "¥129.90". */
export const yuanLabel = (fen: number | null | undefined): string => `¥${fenToYuan(fen)}`

const YUAN_PATTERN = /^(-)?(\d+)(?:\.(\d{0,2}))?$/

/**
 * What a person typed in yuan to fen: "129.9" → 12990, "0.05" → 5, 19.99 → 1999. At most two decimals;
 * anything else (three decimals, letters, empty, beyond 2^53) → null, so the form can say why.
 */
export function yuanToFen(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null
  // A number from an input widget: its shortest decimal form is what the person typed (19.99 stays "19.99").
  const text = (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input).trim()
  const m = YUAN_PATTERN.exec(text)
  if (!m) return null
  const fen = Number(m[2]) * 100 + Number((m[3] || '').padEnd(2, '0'))
  if (!Number.isSafeInteger(fen)) return null
  return m[1] && fen !== 0 ? -fen : fen
}

/** A form rule: a yuan amount with at most two decimals, at least `min` yuan (default 0). */
export function yuanRule(label: string, { min = 0, required = true }: { min?: number; required?: boolean } = {}) {
  return {
    validator: (_: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return required ? Promise.reject(new Error(`请填写${label}`)) : Promise.resolve()
      const fen = yuanToFen(value as string | number)
      if (fen === null) return Promise.reject(new Error(`${label}须为金额，最多两位小数`))
      if (fen < min * 100) return Promise.reject(new Error(`${label}不能小于 ${min} 元`))
      return Promise.resolve()
    },
  }
}
