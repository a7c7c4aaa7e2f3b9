/** Small JSON-schema builders so every route states what it accepts. */
type Schema = Record<string, unknown>

export const S = {
  str: (maxLength = 255, minLength = 0, extra: Schema = {}): Schema => ({ type: 'string', maxLength, minLength, ...extra }),
  int: (minimum = 0, maximum = 2_147_483_647): Schema => ({ type: 'integer', minimum, maximum }),
  id: (): Schema => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647 }),
  bool: (): Schema => ({ type: 'boolean' }),
  enum: (values: readonly (string | number)[]): Schema => ({ enum: [...values] }),
  arr: (items: Schema, maxItems = 100, minItems = 0): Schema => ({ type: 'array', items, maxItems, minItems }),
  /** An object; `required` lists the mandatory keys. Unknown keys are allowed (and ignored by handlers). */
  obj: (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required }),
  /** An id-like value that may arrive as a number or a numeric string (sharer ids from links). */
  looseId: (): Schema => ({ anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', maxLength: 20, pattern: '^[0-9]*$' }, { type: 'null' }] }),
  /** Query with paging. */
  paging: (properties: Record<string, Schema> = {}, required: string[] = []): Schema => ({
    type: 'object',
    properties: { page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, ...properties },
    required,
  }),
}

const FIELD_NAMES: Record<string, string> = {}
const field = (path: string) => {
  const name = path.replace(/^[./]/, '').replace(/\//g, '.')
  return FIELD_NAMES[name] || name
}

/** Turns an ajv error into a Chinese message for the user. */
export function schemaErrorMessage(errors: any[], dataVar: string): string {
  const e = errors?.[0]
  if (!e) return '请求参数错误'
  const where = field(e.instancePath || '')
  switch (e.keyword) {
    case 'required':
      return `缺少参数：${e.params?.missingProperty}`
    case 'type':
      return `参数格式错误：${where || dataVar}`
    case 'maxLength':
      return `参数过长：${where}`
    case 'minLength':
      return `参数不能为空：${where}`
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
      return `参数超出范围：${where}`
    case 'enum':
      return `参数取值无效：${where}`
    case 'pattern':
    case 'format':
      return `参数格式错误：${where}`
    case 'maxItems':
      return `数量超出上限：${where}`
    case 'minItems':
      return `数量不足：${where}`
    default:
      return `请求参数错误：${where || dataVar}`
  }
}
