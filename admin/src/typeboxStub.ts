/**
 * The console bundle's stand-in for `typebox` (vite.config.ts alias; TypeScript still checks against the real
 * one). types/admin.ts builds its schemas when loaded; the console uses only its types and constants
 * (AdminCode, ROLES, ORDER_STATUSES …), never a schema, so every schema builder here returns an empty object
 * and typebox's 22 KB gzipped stay out of the first load. A console module that needs a real schema at run
 * time must not go through this.
 */
const schema = (): Record<string, never> => ({})
export const Type: Record<string, typeof schema> = new Proxy({}, { get: () => schema })
export default { Type }
