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

  it('Smile Dental accepts Maxicare and Intellicare, with cleaning covered and crowns not', async () => {
    const reception = await stack.signedIn('reception@demo.test');
    const hmos = await reception.from('hmos').select('name, claim_deadline_days, active').order('name');
    expect(hmos.error).toBeNull();
    expect(hmos.data!.map((hmo) => [hmo.name, hmo.active])).toEqual([
      ['Intellicare', true],
      ['Maxicare', true],
    ]);
    const { data, error } = await reception
      .from('hmo_coverages')
      .select('contracted_price, covered_percent, hmos(name), procedures(name)');
    expect(error).toBeNull();
    // Untyped client: each embedded parent is one object (many-to-one).
    const rows = data as unknown as {
      contracted_price: number | null;
      covered_percent: number | null;
      hmos: { name: string } | null;
      procedures: { name: string } | null;
    }[];
    for (const hmo of ['Intellicare', 'Maxicare']) {
      const covered = rows.filter((coverage) => coverage.hmos?.name === hmo);
      const names = covered.map((coverage) => coverage.procedures?.name);
      expect(names).toContain('Oral Prophylaxis (Cleaning)');
      expect(names).not.toContain('Porcelain Crown');
      const cleaning = covered.find((coverage) => coverage.procedures?.name === 'Oral Prophylaxis (Cleaning)');
      expect(cleaning?.contracted_price).toBeGreaterThan(0);
      expect(cleaning?.covered_percent).toBeNull();
    }
  });

  it('one demo patient holds a valid HMO card today, one an expired card, and one is a senior citizen', async () => {
    const reception = await stack.signedIn('reception@demo.test');
    const { data: cards } = await reception.from('patient_hmo_cards').select('patient_id');
    const holders = [...new Set(cards!.map((card) => card.patient_id))];
    expect(holders).toHaveLength(2);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    const statuses: string[][] = [];
    for (const patient of holders) {
      const answer = await reception.rpc('patient_hmo_cards_on', { p_patient_id: patient, p_day: today });
      expect(answer.error).toBeNull();
      statuses.push((answer.data as { status: string }[]).map((card) => card.status));
    }
    expect(statuses).toContainEqual(['valid', 'expired']);
    expect(statuses).toContainEqual(['expired']);

    const { data: discounted } = await reception
      .from('patients')
      .select('discount_id_type, discount_id_number')
      .not('discount_id_type', 'is', null)
      .order('discount_id_type');
    expect(discounted).toEqual([
      { discount_id_type: 'pwd', discount_id_number: 'PWD-NCR-13-7421-0031' },
      { discount_id_type: 'senior_citizen', discount_id_number: 'SC-QC-2019-004512' },
    ]);
  });
  it('Maxicare paid the first of Ana Gonzales’s two claims; the second, with its extraction of 38, is owed and overdue', async () => {
    const reception = await stack.signedIn('reception@demo.test');
    const receivables = await reception
      .from('hmo_receivables')
      .select('hmo_name, owed_centavos, overdue_centavos, overdue_batch_count');
    expect(receivables.error).toBeNull();
    expect(
      receivables.data!.map((row) => ({
        ...row,
        owed_centavos: Number(row.owed_centavos),
        overdue_centavos: Number(row.overdue_centavos),
      })),
    ).toEqual([{ hmo_name: 'Maxicare', owed_centavos: 130000, overdue_centavos: 130000, overdue_batch_count: 1 }]);

    const claims = await reception
      .from('hmo_claim_summaries')
      .select('invoice_id, patient_name, status, amount_centavos, settled_centavos')
      .order('visit_date');
    expect(claims.error).toBeNull();
    expect(
      claims.data!.map((claim) => [
        claim.patient_name,
        claim.status,
        Number(claim.amount_centavos),
        Number(claim.settled_centavos),
      ]),
    ).toEqual([
      ['Ana Gonzales', 'paid', 90000, 90000],
      ['Ana Gonzales', 'submitted', 130000, 0],
    ]);

    const items = await reception
      .from('invoice_items')
      .select('description, tooth, hmo_share')
      .eq('invoice_id', claims.data![1]!.invoice_id)
      .order('position');
    expect(items.data).toEqual([
      { description: 'Simple Tooth Extraction', tooth: 38, hmo_share: 800 },
      { description: 'Dental Consultation', tooth: null, hmo_share: 500 },
    ]);
    const invoice = await reception
      .from('invoice_summaries')
      .select('status')
      .eq('id', claims.data![1]!.invoice_id)
      .single();
    expect(invoice.data).toEqual({ status: 'Paid' });
  });
});
