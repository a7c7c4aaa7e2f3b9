/** Generic validators of SPEC.md section 5. Each returns true when the value is valid. */

/** Mainland mobile: 11 digits, 1 then 3/5/8/9 + any; 4 + 5-9; 6 + 1,2,4-7; 7 + 0-8. */
export const isMobile = (v: string): boolean => /^1(?:[3589]\d|4[5-9]|6[124-7]|7[0-8])\d{8}$/.test(String(v ?? ''))

export const isEmail = (v: string): boolean => /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(String(v ?? ''))

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'
/** 18-digit resident ID card: area, valid birth date, sequence, and the ISO 7064 MOD 11-2 check digit. */
export function isIdCard(v: string): boolean {
  const s = String(v ?? '').toUpperCase()
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dX]$/.test(s)) return false
  const y = +s.slice(6, 10),
    m = +s.slice(10, 12),
    d = +s.slice(12, 14)
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0)
  return ID_CHECK[sum % 11] === s[17]
}

/** Licence plate: ordinary (7 chars) and new-energy (8 chars) plates. */
export const isPlate = (v: string): boolean =>
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]\d{4}|\d{5}[DF])$/.test(String(v ?? ''))

/** Landline: optional 3-4 digit area code (0xx / 0xxx), 7-8 digit number, optional extension. */
export const isLandline = (v: string): boolean => /^(?:0\d{2,3}-?)?[2-9]\d{6,7}(?:-\d{1,6})?$/.test(String(v ?? ''))

export const isUrl = (v: string): boolean => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(String(v ?? ''))

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg']
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', '3gp', 'avi', 'mkv']
const ext = (name: string) =>
  (
    String(name ?? '')
      .split(/[?#]/)[0]
      .match(/\.([A-Za-z0-9]+)$/)?.[1] || ''
  ).toLowerCase()
export const isImage = (name: string): boolean => IMAGE_EXTENSIONS.includes(ext(name))
export const isVideo = (name: string): boolean => VIDEO_EXTENSIONS.includes(ext(name))

/** Amount: a non-negative number with up to 2 decimals. */
export const isAmount = (v: string | number): boolean => /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/.test(String(v ?? ''))

/** Verification code of n digits (default 6). */
export const isCode = (v: string, n = 6): boolean => new RegExp(`^\\d{${n}}$`).test(String(v ?? ''))

/** Empty value: blank string, 0, NaN, false, null/undefined, empty array or empty object. */
export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0) return true
  if (typeof v === 'number') return Number.isNaN(v)
  if (typeof v === 'string') return v.trim() === ''
  if (Array.isArray(v)) return v.length === 0
  if (typeof v === 'object') return Object.keys(v as object).length === 0
  return false
}
