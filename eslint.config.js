import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { contractPlugin } from './scripts/eslint/contract-rules.js';
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
    // The contract is written once, in schema/ (scripts/eslint/contract-rules.js; the benchmarks drive raw STOMP).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.ts'],
    plugins: { contract: contractPlugin },
    rules: { 'contract/no-destination-literal': 'error' },
  },
  {
    // Query keys come from the generated factories. Still hand-written ones are counted by
    // scripts/architecture-report.ts and may not grow (scripts/architecture-ratchet.test.ts).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { contract: contractPlugin },
    rules: { 'contract/no-query-key-literal': 'warn' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
