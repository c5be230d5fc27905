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
import { fileURLToPath } from 'node:url';
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

/** Why plain Node could not load `specifier` from a module in `dir`, or null when it can. */
function importProblem(specifier: string | null, dir: string): string | null {
  if (specifier === null) return 'an import by a computed path, loaded at run time';
  if (/\.[cm]?tsx?$/.test(specifier)) return 'imports TypeScript at run time';
  if (specifier.startsWith('.')) return existsSync(path.join(dir, specifier)) ? null : 'imports a missing file';
  if (isBuiltin(specifier)) return null;
  const installed = path.join(repoRoot, 'node_modules', packageName(specifier), 'package.json');
  return existsSync(installed) ? null : 'imports a package that is not installed';
}

/**
 * The file a `new Worker(…)` starts: a literal path, or a binding to `new URL("literal", "file:…")`
 * (the bundle gives each module its source file's URL as import.meta.url). Null when computed.
 */
function workerFile(text: string, argument: string): string | null {
  const literal = /^(["'`])([^"'`]+)\1$/.exec(argument);
  if (literal)
    return literal[2]!.startsWith('file:') ? fileURLToPath(literal[2]!) : path.resolve(bundleDir, literal[2]!);
  const binding = new RegExp(
    `\\b${argument.replace(/\$/g, '\\$')}\\s*=\\s*new URL\\(\\s*(["'])([^"']+)\\1\\s*,\\s*(["'])(file:[^"']+)\\3\\s*\\)`,
  ).exec(text);
  return binding ? fileURLToPath(new URL(binding[2]!, binding[4]!)) : null;
}

describe('the server bundle of npm start', () => {
  it('is made of JavaScript only', () => {
    expect(sources.length).toBeGreaterThan(0);
    expect(readdirSync(bundleDir).filter((file) => /\.[cm]?tsx?$/.test(file))).toEqual([]);
  });

  it('imports only literals: its own files, Node built-ins and installed packages, never TypeScript', () => {
    const problems: string[] = [];
    for (const { file, text } of sources) {
      for (const { specifier, code } of importsOf(text)) {
        const reason = importProblem(specifier, bundleDir);
        if (reason) problems.push(`${file}: ${reason}: ${code}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('starts worker threads only from JavaScript files that exist and import what is installed', () => {
    const problems: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/\bnew\s+Worker\s*\(\s*([A-Za-z_$][\w$]*|["'`][^"'`]+["'`])/g)) {
        const target = workerFile(text, match[1]!);
        if (!target) {
          problems.push(`${file}: a worker thread from a computed path: ${match[0]}`);
        } else if (/\.[cm]?tsx?$/.test(target) || !existsSync(target)) {
          problems.push(`${file}: a worker thread from ${target}, which plain Node cannot load`);
        } else {
          for (const { specifier, code } of importsOf(withoutCommentLines(readFileSync(target, 'utf8')))) {
            const reason = importProblem(specifier, path.dirname(target));
            if (reason) problems.push(`${target}: ${reason}: ${code}`);
          }
        }
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
