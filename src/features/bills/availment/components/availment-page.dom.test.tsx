// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { realStack, seed, setupComponentTests } from '@/testing/real-db';
import { expectPrints, expectLetterhead, openPrintedPage, seedTwoClinics, valueOf } from '../../model/testing/printed';
import AvailmentPage from './availment-page';

setupComponentTests();

let hmoInvoiceId: number;
let plainInvoiceId: number;
let otherClinicInvoiceId: number;

beforeEach(async () => {
  const { ana, ben } = await seedTwoClinics();
  const [maxicare, brightHmo] = await seed.hmos([
    { clinic_id: 1, name: 'Maxicare' },
    { clinic_id: 2, name: 'Intellicare' },
  ]);
  const [card] = await seed.patient_hmo_cards([
    {
      clinic_id: 1,
      patient_id: ana.id,
      hmo_id: maxicare!.id,
      member_number: 'MX-204-5531',
      company: 'Acme Manila Inc.',
      valid_from: '2030-01-01',
      valid_until: '2030-12-31',
    },
  ]);
  await seed.dentists([{ id: 41, clinic_id: 1, name: 'Dr. Reyes' }]);
  const [visit] = await seed.appointments([
    {
      clinic_id: 1,
      patient_id: ana.id,
      dentist_id: 41,
      reason: 'Composite filling',
      // 9:00 AM in Manila on January 8.
      appointment_time: '2030-01-08T01:00:00+00:00',
    },
  ]);
  const [hmoInvoice, plainInvoice, otherInvoice] = await seed.invoices([
    {
      clinic_id: 1,
      patient_id: ana.id,
      appointment_id: visit!.id,
      total: 1500,
      hmo_id: maxicare!.id,
      hmo_card_id: card!.id,
      hmo_share: 1000,
    },
    { clinic_id: 1, patient_id: ana.id, total: 500 },
    { clinic_id: 2, patient_id: ben.id, total: 100, hmo_id: brightHmo!.id, hmo_share: 100 },
  ]);
  await seed.invoice_items([
    {
      clinic_id: 1,
      invoice_id: hmoInvoice!.id,
      position: 1,
      description: 'Composite filling',
      tooth: 36,
      surfaces: ['O', 'M'],
      unit_price: 1500,
      hmo_share: 1000,
    },
    { clinic_id: 1, invoice_id: hmoInvoice!.id, position: 2, description: 'X-ray', unit_price: 1000 },
  ]);
  hmoInvoiceId = hmoInvoice!.id;
  plainInvoiceId = plainInvoice!.id;
  otherClinicInvoiceId = otherInvoice!.id;
});

function openForm(param: string | number, role: 'receptionist' | 'dentist' = 'receptionist') {
  return openPrintedPage({ path: '/availment/:invoiceId', page: <AvailmentPage />, url: `/availment/${param}` }, role);
}

describe('the HMO availment form', () => {
  it('shows the clinic, patient, card, visit and each service with its HMO share, and prints', async () => {
    const { user } = await openForm(hmoInvoiceId);
    expect(await screen.findByRole('heading', { level: 1, name: 'HMO Availment Form' })).toBeTruthy();
    const form = screen.getByRole('article');
    expectLetterhead(form);
    expect(within(form).getByText(`Invoice #${hmoInvoiceId}`)).toBeTruthy();
    expect(valueOf('Patient')).toBe('Ana Santos');
    expect(valueOf('Birthday')).toBe('');
    expect(valueOf('HMO')).toBe('Maxicare');
    expect(valueOf('Member number')).toBe('MX-204-5531');
    expect(valueOf('Company')).toBe('Acme Manila Inc.');
    expect(valueOf('Card valid')).toBe('Tuesday, January 1, 2030 to Tuesday, December 31, 2030');
    expect(valueOf('Date of visit')).toBe('Tuesday, January 8, 2030');
    expect(valueOf('Dentist')).toBe('Dr. Reyes');

    const services = screen.getByRole('table', { name: `Services availed on invoice #${hmoInvoiceId}` });
    const cells = within(services)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Service', 'Tooth', 'Surfaces', 'Amount', 'HMO share'],
      ['36 MO Composite filling', '36', 'MO', '₱1,500.00', '₱1,000.00'],
      ['X-ray', '—', '—', '₱1,000.00', '₱0.00'],
      ['HMO total', '₱1,000.00'],
    ]);
    expect(within(form).getByText("Patient's signature over printed name")).toBeTruthy();
    expect(within(form).getByText("Dentist's signature")).toBeTruthy();
    expect(within(form).getAllByText('Date')).toHaveLength(2);
    expect(screen.queryByText('VOID')).toBeNull();

    await expectPrints(user);
  });

  it('is open to the dentist too, and says VOID on a voided invoice’s form', async () => {
    await realStack().query(
      `update public.invoices set voided_at = '2030-01-09T05:00:00+00:00', void_reason = 'Wrong HMO' where id = $1`,
      [hmoInvoiceId],
    );
    await openForm(hmoInvoiceId, 'dentist');
    expect(await screen.findByText('VOID')).toBeTruthy();
    expect(screen.getByText('This invoice was voided on Jan 9, 2030, 1:00 PM. Do not file this form.')).toBeTruthy();
  });

  it('says "Not recorded" for a card deleted since billing, and "—" for a visit without a dentist', async () => {
    await realStack().query('update public.invoices set hmo_card_id = null, appointment_id = null where id = $1', [
      hmoInvoiceId,
    ]);
    await openForm(hmoInvoiceId);
    await screen.findByRole('heading', { name: 'HMO Availment Form' });
    expect(valueOf('Member number')).toBe('Not recorded');
    expect(valueOf('Company')).toBe('Not recorded');
    expect(valueOf('Card valid')).toBe('Not recorded to Not recorded');
    expect(valueOf('Dentist')).toBe('—');
  });

  it('tells an invoice not billed to an HMO by its refusal, with nothing to retry or print', async () => {
    await openForm(plainInvoiceId);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The availment form could not be loaded');
    expect(alert.textContent).toContain('This invoice was not billed to an HMO, so it has no availment form.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it("says the form is not found for another clinic's invoice, a missing one, or a malformed link", async () => {
    for (const param of [otherClinicInvoiceId, 999, 'abc']) {
      await openForm(param);
      expect((await screen.findByRole('alert')).textContent).toContain('Availment form not found');
      expect(screen.getByRole('alert').textContent).toContain(`There is no invoice #${param} in your clinic.`);
      expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
      cleanup();
    }
  });
});
