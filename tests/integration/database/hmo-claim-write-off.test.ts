/**
 * Writing off what an HMO will not pay of a claim (write_off_hmo_claim, in
 * supabase/migrations/20261201000500_billing.sql; docs/adr/0059-writing-off-an-hmo-claim.md)
 * through the calls the SPA makes: a short-paid claim's rest stops counting as owed and overdue in
 * its batch and its HMO, its refusals (nothing left, withdrawn, twice, no reason, another clinic, a
 * receptionist or dentist), a denial after it refused, its audit row, and voiding the payment it
 * followed undoing it. Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../support/database.ts';
import { hmoClaimsFixtures } from '../../support/hmo-claims.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

describe.each(databaseTargets())('writing off an HMO claim on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let clinicId: number;

  const { newHmo, invoiceWithShare, claimOf, batchOf, receivableOf, recordPayment } = hmoClaimsFixtures(() => ({
    service,
    reader: reception,
    clinicId,
  }));

  const writeOff = (claimId: number, reason: string | null, client = admin) =>
    client.rpc('write_off_hmo_claim', { p_claim_id: claimId, p_reason: reason });

  /** A claim of ₱1,000 visited long ago (its batch overdue), paid ₱600 by the HMO. */
  async function shortPaidClaim() {
    const hmoId = await newHmo(30);
    const invoiceId = await invoiceWithShare(hmoId, '1000', '2026-01-05', '2000.00');
    const claim = await claimOf(invoiceId);
    const paymentId = await recordPayment(claim.batch_id, '600');
    return { hmoId, invoiceId, claim, paymentId };
  }

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId },
      staff: { reception, dentist, admin, admin2: otherAdmin },
    } = await startDemoStack(target, ['reception', 'dentist', 'admin', 'admin2']));
    service = stack.serviceClient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('when the HMO paid short and the rest is written off, then nothing of it is owed or overdue', async () => {
    const { hmoId, invoiceId, claim } = await shortPaidClaim();
    expect(await claimOf(invoiceId)).toMatchObject({ status: 'partly_paid', outstanding_centavos: 40000 });
    expect(await batchOf(claim.batch_id)).toMatchObject({ outstanding_centavos: 40000, overdue: true });
    expect(await receivableOf(hmoId)).toMatchObject({ owed_centavos: 40000, overdue_centavos: 40000 });

    expect((await writeOff(claim.id, '  Above the member’s benefit  ')).error).toBeNull();

    expect(await claimOf(invoiceId)).toMatchObject({
      status: 'written_off',
      settled_centavos: 60000,
      outstanding_centavos: 0,
      written_off_centavos: 40000,
      write_off_reason: 'Above the member’s benefit',
    });
    expect(await batchOf(claim.batch_id)).toMatchObject({
      claimed_centavos: 100000,
      settled_centavos: 60000,
      outstanding_centavos: 0,
      written_off_centavos: 40000,
      overdue: false,
    });
    expect(await receivableOf(hmoId)).toMatchObject({ owed_centavos: 0, overdue_centavos: 0, overdue_batch_count: 0 });
  });

  it('when a claim the HMO paid none of is written off, then it is closed whole and payments skip it', async () => {
    const hmoId = await newHmo(30);
    const older = await claimOf(await invoiceWithShare(hmoId, '500', '2026-01-05'));
    const newer = await claimOf(await invoiceWithShare(hmoId, '300', '2026-01-06'));
    expect((await writeOff(older.id, 'Filed after the HMO’s deadline')).error).toBeNull();
    expect(await claimOf(older.invoice_id)).toMatchObject({ status: 'written_off', written_off_centavos: 50000 });
    await recordPayment(older.batch_id, '300');
    expect(await claimOf(older.invoice_id)).toMatchObject({ settled_centavos: 0, outstanding_centavos: 0 });
    expect(await claimOf(newer.invoice_id)).toMatchObject({ status: 'paid' });
  });

  it('refuses a claim with nothing left (paid in full, or denied), a withdrawn one, and a second write-off', async () => {
    const hmoId = await newHmo(30);
    const paid = await claimOf(await invoiceWithShare(hmoId, '200', '2026-02-01'));
    await recordPayment(paid.batch_id, '200');
    const nothing = await writeOff(paid.id, 'No');
    expect(nothing.status).toBe(409);
    expect(nothing.error).toMatchObject({ code: 'PT409', hint: 'hmo_claim_nothing_to_write_off' });

    const denied = await claimOf(await invoiceWithShare(hmoId, '200', '2026-02-02'));
    expect(
      (await reception.rpc('deny_hmo_claim', { p_claim_id: denied.id, p_reason: 'Not covered' })).error,
    ).toBeNull();
    expect((await writeOff(denied.id, 'No')).error).toMatchObject({ hint: 'hmo_claim_nothing_to_write_off' });

    const withdrawnInvoice = await invoiceWithShare(hmoId, '200', '2026-02-03');
    expect(
      (await admin.rpc('void_invoice', { p_invoice_id: withdrawnInvoice, p_reason: 'Wrong patient' })).error,
    ).toBeNull();
    const withdrawn = await writeOff((await claimOf(withdrawnInvoice)).id, 'No');
    expect(withdrawn.error).toMatchObject({ code: 'PT409', hint: 'hmo_claim_withdrawn' });

    const { claim } = await shortPaidClaim();
    expect((await writeOff(claim.id, 'Capped by the HMO')).error).toBeNull();
    const twice = await writeOff(claim.id, 'Again');
    expect(twice.status).toBe(409);
    expect(twice.error).toMatchObject({ hint: 'hmo_claim_already_written_off' });
    expect((await claimOf(claim.invoice_id)).write_off_reason).toBe('Capped by the HMO');
  });

  it('when a written-off claim is denied afterwards, then the denial is refused and it stays written off', async () => {
    const hmoId = await newHmo(30);
    const unpaid = await claimOf(await invoiceWithShare(hmoId, '500', '2026-03-02'));
    const { claim: shortPaid } = await shortPaidClaim();
    for (const claim of [unpaid, shortPaid]) {
      expect((await writeOff(claim.id, 'Filed after the HMO’s deadline')).error).toBeNull();
      const denied = await reception.rpc('deny_hmo_claim', { p_claim_id: claim.id, p_reason: 'Not covered' });
      expect(denied.status).toBe(409);
      expect(denied.error).toMatchObject({ code: 'PT409', hint: 'hmo_claim_already_written_off' });
      expect(await claimOf(claim.invoice_id)).toMatchObject({
        status: 'written_off',
        denied_at: null,
        denial_reason: null,
        write_off_reason: 'Filed after the HMO’s deadline',
      });
    }
  });

  it('refuses a missing or too long reason and writes nothing', async () => {
    const { claim } = await shortPaidClaim();
    for (const reason of [null, '', '   ']) {
      const answer = await writeOff(claim.id, reason);
      expect(answer.error).toMatchObject({ code: '22023', hint: 'hmo_claim_write_off_reason_required' });
    }
    const long = await writeOff(claim.id, 'x'.repeat(501));
    expect(long.error).toMatchObject({ code: '22023', hint: 'hmo_claim_write_off_reason_too_long' });
    expect(await claimOf(claim.invoice_id)).toMatchObject({ status: 'partly_paid', outstanding_centavos: 40000 });
  });

  it('lets only an admin of the claim’s clinic write off: a receptionist or dentist is refused, another clinic finds nothing', async () => {
    const { claim } = await shortPaidClaim();
    for (const client of [reception, dentist]) {
      const refused = await writeOff(claim.id, 'Capped', client);
      expect(refused.status).toBe(403);
      expect(refused.error).toMatchObject({ code: '42501', hint: 'hmo_claim_write_off_forbidden' });
    }
    const other = await writeOff(claim.id, 'Capped', otherAdmin);
    expect(other.status).toBe(404);
    expect(other.error).toMatchObject({ code: 'PT404', hint: 'hmo_claim_not_found' });
    const missing = await writeOff(2_000_000_000, 'Capped');
    expect(missing.error).toMatchObject({ hint: 'hmo_claim_not_found' });
    expect(await claimOf(claim.invoice_id)).toMatchObject({ status: 'partly_paid' });
    const direct = await admin
      .from('hmo_claims')
      .update({ written_off_at: new Date().toISOString(), write_off_reason: 'x' })
      .eq('id', claim.id);
    expect(direct.error).toMatchObject({ code: '42501' });
  });

  it('records the write-off, by whom and why, in the audit trail', async () => {
    const { claim } = await shortPaidClaim();
    expect((await writeOff(claim.id, 'Capped by the HMO')).error).toBeNull();
    const { data, error } = await admin
      .from('audit_log')
      .select('action, before, after, actor_name')
      .eq('entity', 'hmo_claim')
      .eq('entity_id', claim.id)
      .eq('action', 'update');
    if (error) throw error;
    expect(data).toHaveLength(1);
    expect(data[0]!.after).toMatchObject({ write_off_reason: 'Capped by the HMO' });
    expect(data[0]!.after.written_off_at).toBeTruthy();
    expect(data[0]!.actor_name).toBeTruthy();
  });

  it('when the payment it followed is voided, then the write-off is undone and the claim owes it all again', async () => {
    const { hmoId, invoiceId, claim, paymentId } = await shortPaidClaim();
    expect((await writeOff(claim.id, 'Capped by the HMO')).error).toBeNull();
    const voided = await admin.rpc('void_hmo_payment', { p_hmo_payment_id: paymentId, p_reason: 'Wrong cheque' });
    expect(voided.error).toBeNull();
    expect(await claimOf(invoiceId)).toMatchObject({
      status: 'submitted',
      outstanding_centavos: 100000,
      written_off_centavos: 0,
      write_off_reason: null,
    });
    expect(await receivableOf(hmoId)).toMatchObject({ owed_centavos: 100000 });
  });
});
