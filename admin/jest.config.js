// The merchant console's unit tests (admin/test): TypeScript through Babel, in Node (its fetch, FormData and Blob are the browser's).
module.exports = {
  rootDir: '..',
  testMatch: ['<rootDir>/admin/test/**/*.test.[jt]s?(x)'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.(mjs|[jt]sx?)$': [
      'babel-jest',
      { configFile: false, babelrc: false, presets: [['@babel/preset-env', { targets: { node: 'current' } }], ['@babel/preset-react', { runtime: 'automatic' }], '@babel/preset-typescript'] },
    ],
  },
  // types/admin.ts builds its TypeBox schemas at load time: typebox ships ESM only.
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  moduleNameMapper: { '^@contract/(.*)$': '<rootDir>/types/$1', '^@admin/(.*)$': '<rootDir>/admin/src/$1' },
}
