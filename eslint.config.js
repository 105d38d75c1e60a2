// Lint for the whole monorepo: typescript-eslint's recommended rules with type information,
// so floating promises and unsafe `any` are caught before they reach a server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import tarmac from './scripts/eslint/own-lines.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tools/**', 'coverage/**', 'packages/web/src/api/schema.d.ts',
    // The documentation site is its own npm project (Docusaurus, JSX in .js, its own build): website/package.json.
    'website/*', '!website/test'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js', 'packages/web/postcss.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'off',
      // Fastify plugins and hooks are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests compare against expect.any(…) matchers and parsed JSON, which are typed any.
    files: ['**/*.test.ts', '**/test/helpers/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Sizes (issue 13): no line over 140 characters anywhere (long strings, URLs, patterns and
    // template literals may run over).
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // Source files hold at most 400 lines of code, and a function at most 80 lines of its own
    // (scripts/eslint/own-lines.js: the functions nested inside it are theirs, so a factory of
    // short methods passes and one long step does not). Tests are left out: a describe block
    // holds its table of cases. The generated API types and field rules are not written by hand.
    files: ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/web/src/api/schema.d.ts', 'packages/web/src/api/field-rules.ts'],
    plugins: { tarmac },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'tarmac/own-lines': ['error', { max: 80 }],
    },
  },
  {
    // The Node version check runs on any Node before the TypeScript sources load: plain CommonJS.
    files: ['scripts/require-node.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: { process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
