import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/**
 * The import picture (README "Code layout"): shared (src/lib, src/components, common/) → domain
 * (src/entities: patient, appointment, money, clinic) → features → app; src/lib is infrastructure
 * only; features don't import each other; inside a feature cut into slices, a slice imports only
 * the feature's model/ (plus shared code), and only the screen and tab.tsx at the feature's root
 * compose slices; the service and the local stack never import the SPA, and common/ imports neither.
 */
function layeringZones() {
  const features = folders('src/features');
  const zones = [
    {
      target: './src/lib',
      from: ['./src/entities', './src/features', './src/app'],
      message: 'src/lib is infrastructure: it knows no domain concept (those live in src/entities).',
    },
    {
      target: './src/components',
      from: ['./src/entities', './src/features', './src/app'],
      message: 'Shared UI stays domain-agnostic; a component that knows a domain concept lives in src/entities.',
    },
    {
      target: './src/entities',
      from: ['./src/features', './src/app'],
      message: 'Entities are shared by features: they import src/lib, src/components and common/, never a feature.',
    },
    { target: './src/features', from: './src/app', message: 'Features are composed by the app, not the reverse.' },
    {
      target: './common',
      from: ['./src', './server', './local'],
      message: 'common/ is imported by the SPA and the service; it imports neither.',
    },
    {
      target: ['./server', './local', './supabase/functions'],
      from: './src',
      message: 'The service and the local stack never import the SPA; share code through common/.',
    },
    {
      target: './src',
      from: ['./server', './local'],
      message: 'The SPA talks to the service over HTTP; share code through common/.',
    },
  ];
  for (const feature of features) {
    zones.push({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message:
        'Features do not import each other; move shared code to src/entities, src/lib, src/components or common/.',
    });
    const slices = folders(`src/features/${feature}`);
    if (!slices.includes('model')) continue;
    zones.push({
      target: `./src/features/${feature}/model`,
      from: `./src/features/${feature}`,
      except: ['./model'],
      message: 'model/ holds the rules every slice shares; it imports no slice.',
    });
    for (const slice of slices.filter((name) => name !== 'model' && name !== 'testing')) {
      zones.push({
        target: `./src/features/${feature}/${slice}`,
        from: `./src/features/${feature}`,
        except: [`./${slice}`, './model'],
        message:
          'A slice imports only ../model, @/entities, @/lib, @/components and @common; the screen composes slices.',
      });
    }
  }
  return zones;
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'coverage', 'test-results', 'supabase/functions/*/index.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'import-x/no-restricted-paths': ['error', { zones: layeringZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [
            { pattern: '@common/**', group: 'internal', position: 'before' },
            { pattern: '@/**', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          distinctGroup: false,
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // sweetalert2's default build injects an inline <style> the CSP blocks: load it through
      // src/components/sweet-alert.ts (types may still come from the package).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sweetalert2',
              allowTypeImports: true,
              message: 'Use loadSweetAlert() from @/components/sweet-alert.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression[source.value='sweetalert2']",
          message: 'Use loadSweetAlert() from @/components/sweet-alert.',
        },
      ],
    },
  },
);
