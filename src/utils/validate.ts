// The validators live in the shared contract (types/validate.ts): the server checks the same formats.
// Pages keep importing them from here.
export * from '../../types/validate'
