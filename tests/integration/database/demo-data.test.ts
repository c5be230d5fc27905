import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/stack.ts';

/** What a new developer sees first: the demo accounts work and each clinic sees only its own data. */
describe('the demo data through supabase-js', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('admin@demo.test lists Smile Dental’s patients and none of Bright Teeth’s', async () => {
    const service = stack.serviceClient();
    const clinics = (await service.from('clinics').select('id, name')).data!;
    const smile = clinics.find((clinic) => clinic.name === 'Smile Dental')!.id;
    const bright = clinics.find((clinic) => clinic.name === 'Bright Teeth')!.id;
    const brightPatients = await service
      .from('patients')
      .select('id', { count: 'exact', head: true })
      .eq('clinic_id', bright);
    expect(brightPatients.count).toBeGreaterThan(0);

    const admin = await stack.signedIn('admin@demo.test');
    const { data, error } = await admin
      .from('patients')
      .select('id, name, clinic_id')
      .eq('deleted', false)
      .order('name');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(50);
    expect(data!.every((patient) => patient.clinic_id === smile)).toBe(true);
  });

  it('every demo account signs in and its profile names its role and clinic', async () => {
    const expected = [
      ['superadmin@demo.test', 'superadmin', 'Smile Dental'],
      ['admin@demo.test', 'admin', 'Smile Dental'],
      ['reception@demo.test', 'receptionist', 'Smile Dental'],
      ['dentist@demo.test', 'dentist', 'Smile Dental'],
      ['admin2@demo.test', 'admin', 'Bright Teeth'],
    ];
    for (const [email, role, clinicName] of expected) {
      const client = await stack.signedIn(email!);
      const profile = await client.from('users').select('role, clinics(name)').eq('email', email!).single();
      expect(profile.error).toBeNull();
      expect(profile.data).toEqual({ role, clinics: { name: clinicName } });
    }
  });

  it('a month of Smile Dental appointments comes back with the patients’ names, in every status', async () => {
    const admin = await stack.signedIn('admin@demo.test');
    const { data, error } = await admin
      .from('appointments')
      .select('id, status, appointment_time, patients(name), dentists(name)')
      .eq('deleted', false)
      .order('appointment_time');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(300);
    expect(new Set(data!.map((row) => row.status))).toEqual(
      new Set(['Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled']),
    );
    expect(data!.every((row) => row.patients !== null && row.dentists !== null)).toBe(true);
  });
});
