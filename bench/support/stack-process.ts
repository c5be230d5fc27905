/**
 * Benches that run `npm start` as its user does: a child process (in its own process group, so
 * npm, tsx and node stop together), a free port, and "ready" = the SPA and the APIs answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export interface StackProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Spawns `npm start` in `cwd` on the given port (DATA_DIR and the rest in `env`). */
export function spawnNpmStart(cwd: string, port: number, env: NodeJS.ProcessEnv = {}): StackProcess {
  return spawnStackProcess(cwd, 'npm', ['start'], port, env);
}

/** Spawns a command that starts the stack, in its own process group. */
export function spawnStackProcess(
  cwd: string,
  command: string,
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv = {},
): StackProcess {
  let output = '';
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await exited;
      // npm exits on the signal at once; the stack under it is still closing PGlite (its data
      // directory must not be deleted under it), so wait for the whole group.
      const deadline = performance.now() + 30_000;
      while ((await groupAlive(child.pid!)) && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

/**
 * Whether the stack is ready: the SPA's page (/login), its config, the REST API (a table read with
 * the anon key, answered by the database) and the auth API answer.
 */
export async function isReady(url: string): Promise<boolean> {
  try {
    const config = await fetch(`${url}/config.json`);
    if (!config.ok) return false;
    const { anonKey } = (await config.json()) as { anonKey: string };
    const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
    const [page, rest, auth] = await Promise.all([
      fetch(`${url}/login`),
      fetch(`${url}/rest/v1/clinics?select=id&limit=1`, { headers }),
      fetch(`${url}/auth/v1/settings`, { headers }),
    ]);
    const html = await page.text();
    // The REST answer to the anon key comes from the database (rows, or PostgREST's refusal): not a 5xx.
    await rest.arrayBuffer();
    return page.ok && html.includes('<div id="root">') && rest.status < 500 && auth.ok;
  } catch {
    return false;
  }
}

/** Milliseconds from now until `isReady`; throws with the process's output when it exits or times out. */
export async function timeUntilReady(stack: StackProcess, started: number, timeoutMs = 600_000): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    if (stack.child.exitCode !== null)
      throw new Error(`npm start exited (${stack.child.exitCode}):\n${stack.output()}`);
    if (await isReady(stack.url)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`npm start was not ready within ${timeoutMs / 1000} s:\n${stack.output()}`);
}

/** /proc/<pid>/stat of every live process of a process group, split after the command's name. */
async function groupStats(pgid: number): Promise<string[][]> {
  const stats: string[][] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, … utime (14), stime, cutime, cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') stats.push(fields);
    } catch {
      // the process ended meanwhile
    }
  }
  return stats;
}

const groupAlive = async (pgid: number) => (await groupStats(pgid)).length > 0;

/**
 * CPU time (user + system, ms) used so far by the processes of a process group, children they
 * already reaped included (Linux /proc): what a start costs, whatever else keeps the machine busy.
 */
export async function groupCpuMs(pgid: number): Promise<number> {
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux we run on
  let ticks = 0;
  for (const fields of await groupStats(pgid))
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / ticksPerSecond;
}

/** Resident set size in bytes of a process and all its descendants (Linux /proc). */
export async function treeRss(rootPid: number): Promise<number> {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      rss.set(Number(entry), kb * 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    total += rss.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}
