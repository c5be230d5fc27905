import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const srcDir = path.resolve('src');

/**
 * The SPA's layering (../shared/CONVENTIONS.md, bulletproof-react's restricted-path zones):
 * imports flow shared (src/components, src/lib) → features → app, and features don't import
 * each other. Resolves '@/…' and relative specifiers to the folder they land in.
 */
const layering = {
  meta: { type: 'problem', schema: [], messages: { forbidden: '{{from}} must not import {{to}} ({{why}}).' } },
  create(context) {
    const area = (file) => {
      const relative = path.relative(srcDir, file).split(path.sep);
      if (relative[0] === '..' || relative.length < 2) return undefined;
      if (relative[0] === 'features')
        return { kind: 'feature', name: relative[1], label: `src/features/${relative[1]}` };
      if (relative[0] === 'components' || relative[0] === 'lib')
        return { kind: 'shared', name: relative[0], label: `src/${relative[0]}` };
      if (relative[0] === 'app') return { kind: 'app', name: 'app', label: 'src/app' };
      return undefined;
    };
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('@/')) target = path.join(srcDir, specifier.slice(2));
      else if (specifier.startsWith('.')) target = path.resolve(path.dirname(context.filename), specifier);
      else return;
      const from = area(context.filename);
      const to = area(target);
      if (!from || !to) return;
      let why;
      if (from.kind === 'shared' && (to.kind === 'feature' || to.kind === 'app'))
        why = 'shared code stays feature-agnostic';
      else if (from.kind === 'feature' && to.kind === 'app') why = 'features are composed by the app, not the reverse';
      else if (from.kind === 'feature' && to.kind === 'feature' && from.name !== to.name)
        why = 'features do not import each other; move shared code to src/lib or src/components';
      if (why)
        context.report({ node: node.source, messageId: 'forbidden', data: { from: from.label, to: to.label, why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'coverage', 'test-results', 'supabase/functions/*/index.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, ngiti: { rules: { layering } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'ngiti/layering': 'error',
    },
  },
);
