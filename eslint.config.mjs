import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importLayers from './eslint-rules/import-layers.cjs';
import prettierConfig from 'eslint-config-prettier';
import jestPlugin from 'eslint-plugin-jest';

export default tseslint.config(
  // data/ and bench/data/ are reference and evaluation data, copied unmodified: not our code.
  { ignores: ['node_modules/', 'dist/', 'var/', 'src/generated/', 'coverage/', 'data/', 'bench/data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  {
    rules: {
      // Type-aware rules: recommendedTypeChecked, less these, chosen deliberately (docs/architecture.md):
      // `any` flows in from JSON on purpose (supertest bodies, parsed YAML, knex rows), so the
      // no-unsafe-* family would flag ~1,350 reads (85% in tests) that a schema or mapper already checks;
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // async functions that satisfy a Promise-returning interface without awaiting are deliberate;
      '@typescript-eslint/require-await': 'off',
      // wink-nlp's its.* helpers and callbacks kept as options are plain functions, not methods;
      '@typescript-eslint/unbound-method': 'off',
      // its check that type arguments "may be inferred from the assertion" flags the `(await knex…) as Row`
      // reads knex's typings need (24 places); its fixes of truly redundant assertions were applied;
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // String(unknown) is how untrusted input and row cells are coerced on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
      // knex query builders are thenables, so every `.where((q) => q.where(…))` callback "returns a
      // promise"; the rule still checks conditionals and spreads.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
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
    // Handlers are peers: what two of them share (the caller's scope, problems, list envelopes) lives
    // once in http/ or the domain, never in one handler imported by another.
    files: ['src/handlers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./*.handler', '../*.handler'], message: 'Move what handlers share to src/http or the domain.' },
          ],
        },
      ],
    },
  },
  {
    // A test that cannot fail is found here: every test asserts, and no assertion hides behind a branch.
    files: ['test/**/*.ts'],
    plugins: { jest: jestPlugin },
    rules: {
      // Our assertion helpers are named expect…; supertest's `.expect(status)` asserts the response.
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', '**.expect'] }],
      'jest/no-conditional-expect': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The web application's browser script (src/web/assets/app.js): the browser's globals, not Node's.
    files: ['src/web/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { document: 'readonly', navigator: 'readonly' } },
  },
  {
    // The load planner's 3D view is an ES module (it imports three); it also reads layout and colours.
    files: ['src/web/assets/load-plan-view.js'],
    languageOptions: {
      sourceType: 'module',
      globals: { window: 'readonly', getComputedStyle: 'readonly', ResizeObserver: 'readonly' },
    },
  },
  {
    files: ['src/web/assets/load-plan-form.js'],
    languageOptions: { globals: { window: 'readonly' } },
  },
  // Plain JavaScript (configs, the lint rule, build helpers) is linted without type information.
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Layout is Prettier's (`npm run format`); lint turns off the rules that would argue with it.
  prettierConfig,
);
