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

  it('keeps data across a restart, applies no migration twice and seeds only once', async () => {
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
