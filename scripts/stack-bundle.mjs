// The local stack's code (local/start.ts and everything of ours it imports) as a cached esbuild
// bundle, so that `npm start` runs it on plain Node instead of compiling ~120 TypeScript modules
// through tsx on every start. Packages stay external but for a few pure ones (BUNDLED_PACKAGES):
// they load from node_modules as usual, and PGlite finds its WASM and data files next to its code.
// The bundle is rebuilt when one of its inputs changed (path, modification time and size of every
// file esbuild read, plus EXTRA_INPUTS); when it cannot be built, the stack starts through tsx.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const STACK_ENTRY = 'local/start.ts';
/** Changes with the build options below: a bundle of another format is rebuilt. */
const FORMAT = 3;
/**
 * Packages bundled with our code: pure ESM without files of their own to find at run time. Loading
 * them from node_modules costs more than their code (date-fns alone resolves and compiles ~250
 * modules for the few functions we use). Every other package stays external.
 */
const BUNDLED_PACKAGES = new Set(['date-fns', '@date-fns/tz', '@date-fns/utc', 'zod', 'jose']);
/** Inputs esbuild does not report: how imports resolve (tsconfig paths, package type, versions) and this builder. */
const EXTRA_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json', fileURLToPath(import.meta.url)];

/**
 * The cache of one entry of one checkout; node_modules may be shared by several (a symlinked one).
 * Another entry than the stack's (the component tests' data layer) has a manifest of its own.
 */
export function cacheFiles(root, entry = STACK_ENTRY) {
  const dir = path.join(root, 'node_modules', '.cache', 'ngiti');
  const hash = createHash('sha256').update(root);
  if (entry !== STACK_ENTRY) hash.update(`\n${entry}`);
  const key = hash.digest('hex').slice(0, 12);
  return { dir, manifest: path.join(dir, `stack-${key}.json`) };
}

function readManifest(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const MISSING = -1;

/** [path (relative to root, or absolute), mtimeMs, size]; a missing file has MISSING for both. */
function stamp(root, file) {
  try {
    const stats = statSync(path.resolve(root, file));
    return [file, stats.mtimeMs, stats.size];
  } catch {
    return [file, MISSING, MISSING];
  }
}

/** Why the bundle of `entry` must be (re)built, or null when the cached one is current. */
export function staleBundleReason(root, entry = STACK_ENTRY) {
  const { dir, manifest: manifestFile } = cacheFiles(root, entry);
  const manifest = readManifest(manifestFile);
  if (!manifest?.bundle || !existsSync(path.join(dir, manifest.bundle, manifest.main ?? '')))
    return 'no server bundle yet';
  if (manifest.format !== FORMAT || manifest.root !== root || manifest.entry !== entry)
    return 'the bundle format changed';
  for (const [file, mtimeMs, size] of manifest.inputs) {
    const [, nowMtimeMs, nowSize] = stamp(root, file);
    if (nowMtimeMs === mtimeMs && nowSize === size) continue;
    return nowMtimeMs === MISSING ? `${file} was removed` : `${file} changed`;
  }
  return null;
}

/** The entry file of the current bundle (after staleBundleReason said null). */
export function cachedBundle(root, entry = STACK_ENTRY) {
  const { dir, manifest: manifestFile } = cacheFiles(root, entry);
  const manifest = readManifest(manifestFile);
  return path.join(dir, manifest.bundle, manifest.main);
}

/**
 * esbuild puts every module into one file, so `import.meta.url` would name the bundle: each of our
 * modules gets its own source file's URL instead (local/db/migrate.ts finds the migrations by it).
 */
const sourceUrls = {
  name: 'source-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const url = pathToFileURL(args.path).href;
      const source = (await readFile(args.path, 'utf8'))
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents: source, loader: 'ts' };
    });
  },
};

const packageName = (specifier) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');

/** Bare imports that resolve into node_modules stay imports, except those of BUNDLED_PACKAGES. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    const resolving = Symbol('resolving');
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === resolving) return undefined;
      // Resolved as esbuild would (tsconfig paths such as @common/* lead to our own files).
      const {
        path: resolved,
        external,
        errors,
      } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: resolving,
      });
      if (errors.length > 0) return { errors };
      const inPackage = resolved.split(path.sep).includes('node_modules');
      if (external || (inPackage && !BUNDLED_PACKAGES.has(packageName(args.path))))
        return { path: args.path, external: true };
      return { path: resolved };
    });
  },
};

/** A bundled package's files count as one input, its package.json (its version). */
function inputOf(file) {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return file;
  const name = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return [...parts.slice(0, at + 1 + name), 'package.json'].join('/');
}

/**
 * Builds the bundle of `entry` into the cache and returns the path of its entry file. Dynamic
 * imports become chunks of their own (with the packages they import), loaded when imported as
 * before: local/stack.ts loads the HTTP side while PGlite opens.
 */
export async function buildStackBundle(root, entry = STACK_ENTRY) {
  const { build, stop, version } = await import('esbuild');
  const { dir, manifest: manifestFile } = cacheFiles(root, entry);
  const startedAt = Date.now();
  const bundle = `${path.basename(manifestFile, '.json')}-${startedAt.toString(36)}-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  // A directory no manifest names yet: a start running meanwhile never sees it half written.
  // The esbuild service (a Go process) would otherwise live as long as the stack.
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: path.join(dir, bundle),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundling renames clashing top-level names (a second `Config` becomes `Config2`): `.name` stays.
    keepNames: true,
    // Enough to map stack traces to the sources; their text would only make the start parse more.
    sourcemap: 'inline',
    sourcesContent: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [externalPackages, sourceUrls],
  }).finally(() => stop());
  const main = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === entry)[0];
  const mainFile = path.resolve(root, main);
  const previous = readManifest(manifestFile);
  const files = new Set([...Object.keys(result.metafile.inputs).map(inputOf), ...EXTRA_INPUTS]);
  const inputs = [...files].map((file) => stamp(root, file));
  // A file saved while esbuild was reading may not be in this bundle: then it is rebuilt next time.
  const settled = inputs.every(([, mtimeMs]) => mtimeMs < startedAt);
  if (settled) {
    const manifest = {
      format: FORMAT,
      esbuild: version,
      root,
      entry,
      bundle,
      main: path.relative(path.join(dir, bundle), mainFile),
      inputs,
    };
    const temporary = `${manifestFile}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(manifest));
    renameSync(temporary, manifestFile);
  }
  prune(dir, manifestFile, bundle, previous?.bundle);
  return mainFile;
}

/**
 * Drops this checkout's earlier bundles (but `current` and `previous`, which a start running now
 * may still be loading) and the caches of checkouts that no longer exist (temporary clones that
 * shared node_modules).
 */
function prune(dir, manifestFile, current, previous) {
  const own = path.basename(manifestFile, '.json');
  const remove = (name) => rmSync(path.join(dir, name), { recursive: true, force: true });
  for (const file of readdirSync(dir)) {
    if (file.startsWith(`${own}-`)) {
      if (file !== current && file !== previous) remove(file);
      continue;
    }
    if (!/^stack-[0-9a-f]+\.json$/.test(file) || file === `${own}.json`) continue;
    const manifest = readManifest(path.join(dir, file));
    if (!manifest || existsSync(manifest.root)) continue;
    remove(file);
    if (manifest.bundle) remove(manifest.bundle);
  }
}

/**
 * Loads `entry` from its bundle (built first when stale), or through tsx when the bundle cannot
 * be built, so that a start never depends on esbuild or on the cache.
 */
export async function importStack(root, options = {}) {
  const entry = options.entry ?? STACK_ENTRY;
  const warn = options.warn ?? ((line) => console.warn(line));
  const buildBundle = options.buildBundle ?? buildStackBundle;
  let file;
  try {
    file = staleBundleReason(root, entry) ? await buildBundle(root, entry) : cachedBundle(root, entry);
  } catch (error) {
    warn(`Could not bundle the server (${error instanceof Error ? error.message : error}); starting it through tsx.`);
    return importThroughTsx(root, entry);
  }
  // Stack traces name the TypeScript sources, as they do under tsx.
  process.setSourceMapsEnabled(true);
  return import(pathToFileURL(file).href);
}

async function importThroughTsx(root, entry) {
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(root, entry)).href);
}
