import { screen, within } from '@testing-library/react';
import { rows, seed } from '@/testing/real-db';

/**
 * Maxicare's batch, long past due, with Ana's ₱1,000.00 claim (visit of 5 January) which the HMO
 * paid ₱600.00 of (CHK-9, received 2 November), as record_hmo_payment spreads it: ₱400.00 owed
 * and overdue. Clinic 1 must be seeded first.
 */
export async function seedShortPaidClaim() {
  const [hmo] = await seed.hmos([{ clinic_id: 1, name: 'Maxicare', claim_deadline_days: 30 }]);
  const [ana] = await seed.patients([{ name: 'Ana Santos' }]);
  const [invoice] = await seed.invoices([
    { patient_id: ana!.id, total: 200, hmo_id: hmo!.id, hmo_share: 1000, created_at: '2026-01-05T04:00:00+00:00' },
  ]);
  const [batch] = await rows('hmo_claim_batches', { hmo_id: hmo!.id });
  const [payment] = await seed.hmo_payments([
    {
      clinic_id: 1,
      batch_id: batch!.id,
      hmo_id: hmo!.id,
      amount: 600,
      received_on: '2026-11-02',
      reference_number: 'CHK-9',
      idempotency_key: crypto.randomUUID(),
    },
  ]);
  const [claim] = await rows('hmo_claims', { hmo_id: hmo!.id });
  await seed.hmo_claim_settlements([{ clinic_id: 1, hmo_payment_id: payment!.id, claim_id: claim!.id, amount: 600 }]);
  return { invoice: invoice!, claim: claim!, payment: payment! };
}

/** Maxicare's section of the Billing tab's HMO claims part, once it shows. */
export async function maxicareSection() {
  const panel = await screen.findByRole('region', { name: /HMO claims/ });
  return within(panel).findByRole('region', { name: 'Maxicare' });
}

/** The row of a section's claims table whose patient cell reads `patient`. */
export const claimRow = (section: HTMLElement, patient: string) =>
  within(section).getByRole('cell', { name: patient }).closest('tr')!;
