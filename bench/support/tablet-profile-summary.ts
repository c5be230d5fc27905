/**
 * Summarises a DevTools CPU profile written by bench/tablet.bench.ts (BENCH_TABLET_PROFILE): the
 * functions with the most self time, and with the most total time (self + callees), as
 * `name url:line`. Run: `npx tsx bench/support/tablet-profile-summary.ts <file.cpuprofile> [top]`.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tablet-profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<number, number>();
profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.split('/').pop()}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const selfByLabel = new Map<string, number>();
const totalByLabel = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id)!;
  selfByLabel.set(label(node), (selfByLabel.get(label(node)) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    totalByLabel.set(name, (totalByLabel.get(name) ?? 0) + time);
  }
}
const all = [...self.values()].reduce((sum, time) => sum + time, 0);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(all / 1000).toFixed(0)} ms sampled):`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(time / 1000).toFixed(1).padStart(9)} ms  ${name}`);
};
print('Self time', selfByLabel);
print('Total time', totalByLabel);
