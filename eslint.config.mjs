import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importLayers from './eslint-rules/import-layers.cjs';

export default tseslint.config(
  // data/ and bench/data/ are reference and evaluation data, copied unmodified: not our code.
  { ignores: ['node_modules/', 'dist/', 'var/', 'src/generated/', 'coverage/', 'data/', 'bench/data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Imports point down (docs/architecture.md), with no exceptions.
    files: ['src/**/*.ts'],
    // No inline disable comments in src/: a rule that holds has no exceptions to spell.
    linterOptions: { noInlineConfig: true },
    plugins: { tradelane: { rules: { 'import-layers': importLayers.rule } } },
    rules: { 'tradelane/import-layers': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
