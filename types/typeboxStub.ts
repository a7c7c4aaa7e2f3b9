/**
 * The browser bundles' stand-in for `typebox`: the console's (admin/vite.config.ts alias) and the shop's H5 and
 * mini-program builds (config/index.ts alias); TypeScript still checks against the real one. types/*.ts build
 * their schemas when loaded; the client and the console use only their types and constants (AdminCode, ROLES,
 * FEEDBACK_TYPES …), never a schema, so every schema builder here returns an empty object and typebox's 22 KB
 * gzipped stay out of the bundles. Code that needs a real schema at run time must not go through this.
 */
const schema = (): Record<string, never> => ({})
export const Type: Record<string, typeof schema> = new Proxy({}, { get: () => schema })
export default { Type }
