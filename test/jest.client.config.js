// Client unit tests: Taro pages and core modules in jsdom (see ARCHITECTURE.md, toolchain facts).
const esm = [
  '@tarojs',
  '@nutui',
  'dayjs',
  'zustand',
  'swiper',
  '@babel/runtime',
  'lodash-es',
  'react-transition-group',
  '@use-gesture',
  '@react-spring',
  'classnames',
  'lodash.kebabcase',
  'async-validator',
  'react-fast-compare',
  '@swc/helpers',
  'query-string',
  'decode-uri-component',
  'split-on-first',
  'filter-obj',
  'universal-router',
  'path-to-regexp',
  'history',
  'mobile-detect',
  'tslib',
  '@stencil',
  'resolve-pathname',
  'value-equal',
  'tiny-invariant',
  'tiny-warning',
  'nanoid',
  'style-inject',
]
// Import NutUI per component as the app build does (the full bundle pulls in canvas code jsdom lacks).
const nutuiOnDemand = [
  'import',
  {
    libraryName: '@nutui/nutui-react-taro',
    camel2DashComponentName: false,
    customName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
    style: false,
  },
  'nutui-react-taro',
]
module.exports = {
  rootDir: '..',
  testMatch: ['<rootDir>/test/unit/**/*.test.[jt]s?(x)'],
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup.js'],
  transform: {
    '^.+\\.(mjs|[jt]sx?)$': [
      'babel-jest',
      {
        configFile: false,
        babelrc: false,
        presets: [['@babel/preset-env', { targets: { node: 'current' } }], ['@babel/preset-react', { runtime: 'automatic' }], '@babel/preset-typescript'],
        plugins: [nutuiOnDemand],
      },
    ],
  },
  // Ignore node_modules unless the path goes through one of the ESM packages (Taro nests some under dist/node_modules/.pnpm).
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esm.join('|')})/).*/node_modules/`],
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  moduleNameMapper: {
    '^@tarojs/taro$': '<rootDir>/test/taroShim.js',
    '^@tarojs/components$': '<rootDir>/node_modules/@tarojs/components/lib/react',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@contract/(.*)$': '<rootDir>/types/$1',
    // As in the app's builds (config/index.ts): the client takes types/ for types and constants, never a schema.
    '^typebox$': '<rootDir>/types/typeboxStub.ts',
    '\\.(css|scss|less)$': '<rootDir>/test/styleStub.js',
    '\\.(png|jpg|svg|gif)$': '<rootDir>/test/styleStub.js',
  },
  testTimeout: 30000,
}
