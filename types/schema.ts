/**
 * The shop API's schema builders (TypeBox): each route's query and body is one TypeBox schema in types/<module>.ts,
 * which validates the request on the server (server/src/plugins/schema.ts: no coercion of JSON bodies, undeclared
 * keys removed, query strings coerced), types the route's handler (Fastify's TypeBox type provider) and gives the
 * client its request types (`export type X = Static<typeof X>`). The builders produce the same JSON schemas the
 * routes had before (same limits, so the same refusals). The client imports these files for their constants and
 * types only: its builds alias `typebox` to types/typeboxStub.ts, so typebox itself never ships to the phone.
 */
import { Type, type TSchema, type TProperties, type TObject } from 'typebox'

export { Type, type Static, type TSchema } from 'typebox'

const MAX_INT = 2_147_483_647

/** A string of at most `maxLength` characters (and at least `minLength`). */
export const Str = (maxLength = 255, minLength = 0, extra: Record<string, unknown> = {}) => Type.String({ maxLength, minLength, ...extra })
/** An integer in [minimum, maximum]. */
export const Int = (minimum = 0, maximum = MAX_INT) => Type.Integer({ minimum, maximum })
/** A database id: an integer from 1. */
export const Id = () => Type.Integer({ minimum: 1, maximum: MAX_INT })
export const Bool = () => Type.Boolean()
/** One of the listed values (`{ enum: [...] }`); options such as `{ default: 'all' }` for a query key. */
export const Enum = <const T extends readonly (string | number)[]>(values: T, options: Record<string, unknown> = {}) => Type.Unsafe<T[number]>({ enum: [...values], ...options })
/** An array of `items`, at most `maxItems` long. */
export const Arr = <T extends TSchema>(items: T, maxItems = 100, minItems = 0) => Type.Array(items, { maxItems, minItems })
/** Optional key (omit it in the object). */
export const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema)
/**
 * An object of the given keys (required unless wrapped in Opt). In a JSON body, keys it does not list are removed
 * before the handler runs (the body validator's removeAdditional); unknown query keys stay but are not typed.
 */
export const Obj = <T extends TProperties>(properties: T): TObject<T> => Type.Object(properties)
/** An id-like value that may arrive as a number or a numeric string (sharer ids from links), or null. */
export const LooseId = () => Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 20, pattern: '^[0-9]*$' }), Type.Null()])
/** The paging keys of a list query: page from 1 (default 1), pageSize 1-100 (default 20). */
export const PagingFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
}
/** A list query: paging plus the given keys. */
export const Paging = <T extends TProperties = Record<never, never>>(properties: T = {} as T) => Type.Object({ ...PagingFields, ...properties })
/** A list query of paging only. */
export const PagingQuery = Paging()
/** A query or body of one required id. */
export const IdOnly = Type.Object({ id: Id() })
