/**
 * The server bundle `npm start` runs carries everything of ours it loads at run time: plain Node
 * (the minimum of package.json's engines, 20) cannot import TypeScript, so a module loaded by a
 * computed path (as the edge functions once were) works under tsx and in the tests but fails for
 * every user. Each import of the bundle is a literal that resolves to one of its own files, a Node
 * built-in or an installed package; a worker thread's file is one of its own files too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../local/db/migrate.ts';
import { buildStackBundle, cachedBundle, staleBundleReason } from '../../scripts/stack-bundle.mjs';

let bundleDir: string;
let sources: { file: string; text: string }[];

beforeAll(async () => {
  const entry = staleBundleReason(repoRoot) ? await buildStackBundle(repoRoot) : cachedBundle(repoRoot);
  bundleDir = path.dirname(entry);
  sources = readdirSync(bundleDir)
    .filter((file) => file.endsWith('.mjs') || file.endsWith('.js'))
    .map((file) => ({ file, text: withoutCommentLines(readFileSync(path.join(bundleDir, file), 'utf8')) }));
}, 120_000);

/** The code without its comment lines (a comment may well mention `import()`). */
const withoutCommentLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');

/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`, with what each names. */
function importsOf(text: string): { specifier: string | null; code: string }[] {
  const found: { specifier: string | null; code: string }[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*(["'])([^"']+)\1/gm))
    found.push({ specifier: match[2]!, code: match[0].trim() });
  for (const match of text.matchAll(/^\s*import\s*(["'])([^"']+)\1/gm))
    found.push({ specifier: match[2]!, code: match[0].trim() });
  for (const match of text.matchAll(/\bimport\s*\(\s*([^)]{0,120})\)/g)) {
    const literal = /^(["'`])([^"'`$]+)\1$/.exec(match[1]!.trim());
    found.push({ specifier: literal ? literal[2]! : null, code: match[0] });
  }
  return found;
}

const packageName = (specifier: string) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');

describe('the server bundle of npm start', () => {
  it('is made of JavaScript only', () => {
    expect(sources.length).toBeGreaterThan(0);
    expect(readdirSync(bundleDir).filter((file) => /\.[cm]?tsx?$/.test(file))).toEqual([]);
  });

  it('imports only literals: its own files, Node built-ins and installed packages, never TypeScript', () => {
    const problems: string[] = [];
    for (const { file, text } of sources) {
      for (const { specifier, code } of importsOf(text)) {
        if (specifier === null) {
          problems.push(`${file}: an import by a computed path, loaded at run time: ${code}`);
        } else if (/\.[cm]?tsx?$/.test(specifier)) {
          problems.push(`${file}: imports TypeScript at run time: ${specifier}`);
        } else if (specifier.startsWith('.')) {
          if (!existsSync(path.join(bundleDir, specifier))) problems.push(`${file}: ${specifier} is not in the bundle`);
        } else if (!isBuiltin(specifier)) {
          const installed = path.join(repoRoot, 'node_modules', packageName(specifier), 'package.json');
          if (!existsSync(installed)) problems.push(`${file}: imports ${specifier}, which is not installed`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('starts worker threads only from files of its own', () => {
    const problems: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/\bnew\s+Worker\s*\(([\s\S]{0,300})/g)) {
        const target = /(["'`])([^"'`]+\.(?:m?js|[cm]?tsx?))\1/.exec(match[1]!)?.[2];
        const local = target?.startsWith('file://') ? new URL(target).pathname : target;
        const inBundle =
          local !== undefined && !/\.[cm]?tsx?$/.test(local) && existsSync(path.resolve(bundleDir, local));
        if (!inBundle) problems.push(`${file}: a worker thread from ${target ?? 'a computed path'}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is run by a Node that package.json’s engines admit', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const minimum = /^>=\s*(\d+)\.(\d+)/.exec(manifest.engines.node);
    expect(minimum, manifest.engines.node).not.toBeNull();
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const [wantMajor, wantMinor] = [Number(minimum![1]), Number(minimum![2])];
    expect(major > wantMajor || (major === wantMajor && minor >= wantMinor)).toBe(true);
  });
});
