import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importFlowPlugin } from './scripts/eslint/import-flow-rule.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'generated/', 'coverage/', '**/fixtures/**', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { chatgen: importFlowPlugin },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'chatgen/import-flow': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
