// The page paths live in the shared contract (types/routes.ts): the server builds share links and WeChat
// page lists from them too. Pages keep importing them from here.
export * from '../types/routes'
