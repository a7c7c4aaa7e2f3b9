// Server tests: every file runs against SQLite, and again against PostgreSQL when TEST_DATABASE_URL is set.
module.exports = {
  rootDir: '..',
  testMatch: ['<rootDir>/server/test/**/*.test.ts'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/server/test/globalSetup.js',
  transform: {
    '^.+\\.m?[jt]s$': ['babel-jest', { babelrc: false, configFile: false, presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] }],
  },
  // cookie 2 (used by fastify's inject) and typebox 1 (the console contract, types/admin.ts) ship ESM only, and @fastify/cookie import()s cookie: compile them for jest.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|typebox|@fastify/cookie)/)'],
  testTimeout: 60000,
  maxWorkers: 2,
}
