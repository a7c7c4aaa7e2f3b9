// Server tests: every file runs against SQLite, and again against PostgreSQL when TEST_DATABASE_URL is set.
module.exports = {
  rootDir: '..',
  testMatch: ['<rootDir>/server/test/**/*.test.ts'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/server/test/globalSetup.js',
  transform: {
    '^.+\\.[jt]s$': ['babel-jest', { babelrc: false, configFile: false, presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'] }],
  },
  // cookie 2 (used by fastify's inject) ships ESM only: compile it for jest.
  transformIgnorePatterns: ['/node_modules/(?!(cookie)/)'],
  testTimeout: 60000,
  maxWorkers: 2,
}
