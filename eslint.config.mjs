// ESLint for the whole repository (npm run lint; npm test's lint suite): the shop (src), the shared contract (types),
// the server (server), the console (admin), tests, benches, scripts and the build config. docs/development.md says why
// each choice. Syntax-only rules (no type information): a type-aware run would parse every file with the TypeScript
// program and take minutes on this machine, and `npm run typecheck` already checks the types.
import path from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX, createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'

const root = path.dirname(new URL(import.meta.url).pathname)

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'data/**', '.cache/**', '.taro-cache/**', '.swc/**', 'lib/**', 'test/e2e/screens/**', 'server/assets/**'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // The code base's choices, not faults: `any` at the edges (Taro's untyped APIs, JSON), empty catch blocks that say
      // why in a comment, unused arguments named for their position.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Prettier (no semicolons) puts a guarding `;` before a line that starts with ( or [.
      'no-extra-semi': 'off',
    },
  },
  // Where the code runs: the browser (shop, console), Node (server, scripts, benches, build config, e2e), jest (units).
  {
    files: ['src/**', 'admin/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'config/**', 'test/**', 'admin/*.{js,ts}', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.test.{ts,tsx,js,mjs}', 'test/setup.js', 'test/taroShim.js', 'test/weapp/**', 'admin/test/**', 'server/test/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    // jest.mock() factories are hoisted above the imports: require() is how they reach a module.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Functions run in the page by Playwright (page.evaluate), the fake WeChat JS-SDK loaded into jsdom, the weapp view check's jsdom.
    files: ['test/e2e/**', 'bench/**/*.mjs', 'test/fixtures/**', 'test/setup.js', 'test/weapp/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Plain CommonJS files (jest and babel configs, loaders): require() is how they import.
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // React: the rules of hooks, and effects that name what they read. (The React Compiler rules of the plugin's
  // recommended set are not used: the project does not compile with React Compiler.)
  {
    files: ['src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}', 'test/unit/**/*.{ts,tsx}', 'admin/test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The tests' stand-ins for Taro's page hooks run their callback once, as Taro does (useDidShow, useLoad, …).
    files: ['test/unit/**', 'admin/test/**'],
    rules: { 'react-hooks/exhaustive-deps': 'off' },
  },
  // Imports: builtins, packages, the project's aliases (@/ shop, @contract/ shared contract, @admin/ console), then
  // relative files; no import cycles.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          alias: { '@': [path.join(root, 'src')], '@contract': [path.join(root, 'types')], '@admin': [path.join(root, 'admin', 'src')] },
        }),
      ],
      'import-x/internal-regex': '^(@/|@contract/|@admin/)',
      // Which files import-x reads to follow imports (no-cycle), and with which parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/order': ['error', { groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']], 'newlines-between': 'never' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
    },
  },
)
