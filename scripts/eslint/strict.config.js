// The size limits of issue 13, checked on their own while the code is brought within them:
// `npx eslint -c scripts/eslint/strict.config.js <files>`. They join eslint.config.js once it passes.
import base from '../../eslint.config.js';
import tarmac from './own-lines.js';

export default [
  ...base,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { tarmac },
    rules: {
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
      'tarmac/own-lines': ['error', { max: 80 }],
    },
  },
  {
    files: ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx'],
    ignores: ['**/*.test.ts', 'packages/web/src/api/schema.d.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
];
