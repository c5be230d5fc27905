import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../../support/stack.ts';

describe('persistence on a PGlite data directory', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // Two stacks on a data directory of its own, the first migrating and seeding it from nothing (no
  // template): 12–17 s at the end of a run, but over the 30 s default when it ran beside three
  // other files at a run's start. The bound only stops a hung start.
  it('keeps data across a restart, applies no migration twice and seeds only once', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-persist-'));
    const first = await startTestStack({ dataDir });
    expect(first.migration.seeded).toBe(true);
    expect(first.migration.applied.length).toBeGreaterThan(0);
    const admin = await first.signedIn('admin@demo.test');
    const clinicId = (await admin.from('clinics').select('id').single()).data!.id;
    const created = await admin
      .from('patients')
      .insert({ clinic_id: clinicId, name: 'Survives Restart', phone: '1' })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const countBefore = (await first.serviceClient().from('appointments').select('*', { count: 'exact', head: true }))
      .count;
    await first.stop();

    const second = await startTestStack({ dataDir });
    try {
      expect(second.migration).toEqual({ applied: [], seeded: false });
      const again = await second.signedIn('admin@demo.test');
      const found = await again.from('patients').select('name').eq('id', created.data!.id).single();
      expect(found.data).toEqual({ name: 'Survives Restart' });
      const countAfter = (await second.serviceClient().from('appointments').select('*', { count: 'exact', head: true }))
        .count;
      expect(countAfter).toBe(countBefore);
      const clinics = await second.serviceClient().from('clinics').select('name').order('name');
      expect(clinics.data!.map((row) => row.name)).toEqual(['Bright Teeth', 'Smile Dental']);
    } finally {
      await second.stop();
    }
  });
});
