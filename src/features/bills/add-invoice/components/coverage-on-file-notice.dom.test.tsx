// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { seed, setupRealDatabase, stackConfig } from '@/testing/real-db';
import { openBillOfAppointment, renderAsReceptionist } from '../testing/render-modal';
import { AddInvoiceModal } from './add-invoice-modal';

setupRealDatabase();

beforeAll(() => {
  initSupabase(stackConfig());
});

// Saturday 1 June 2030, 10:00 in Manila: the clinic's today, by which a card is valid or not.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-01T02:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SENIOR =
  'This patient has a senior citizen ID on file. A total alone gets no discount: use Itemise for the 20% discount and the VAT exemption.';
const HMO =
  "This patient has an HMO card valid today. A total alone is the patient's to pay: use Itemise to bill the HMO its share.";

const modal = () => screen.getByRole('dialog', { name: 'Add Invoice' });

/** A patient of Smile Dental with an HMO card valid from `validFrom` to `validUntil`, and a senior ID when asked. */
async function patientWithCard(name: string, validFrom: string, validUntil: string, seniorId?: string) {
  await seed.clinics([{ id: 1 }]);
  await seed.hmos([{ id: 1, clinic_id: 1, name: 'Maxicare' }]);
  const [patient] = await seed.patients([
    seniorId ? { name, discount_id_type: 'senior_citizen', discount_id_number: seniorId } : { name },
  ]);
  await seed.patient_hmo_cards([
    {
      clinic_id: 1,
      patient_id: patient!.id,
      hmo_id: 1,
      member_number: 'MX-3',
      valid_from: validFrom,
      valid_until: validUntil,
    },
  ]);
  return { id: patient!.id, name };
}

async function openWith(patient: { id: number; name: string }) {
  await renderAsReceptionist(<AddInvoiceModal clinicId={1} onClose={() => undefined} prefill={{ patient }} />);
  await screen.findByRole('dialog', { name: 'Add Invoice' });
}

describe('Add Invoice with a total, for a patient with a discount ID or an HMO card on file', () => {
  it('says the total gets no discount and no HMO share, and says nothing once itemised', async () => {
    await seed.clinics([{ id: 1 }]);
    await seed.hmos([{ id: 1, clinic_id: 1, name: 'Maxicare' }]);
    const [lola] = await seed.patients([
      { name: 'Lola Basyang', discount_id_type: 'senior_citizen', discount_id_number: 'SC-2020-118' },
    ]);
    await seed.patient_hmo_cards([
      {
        clinic_id: 1,
        patient_id: lola!.id,
        hmo_id: 1,
        member_number: 'MX-1',
        valid_from: '2030-01-01',
        valid_until: '2030-12-31',
      },
    ]);
    await openWith({ id: lola!.id, name: 'Lola Basyang' });
    const note = await within(modal()).findByRole('note');
    expect(Array.from(note.querySelectorAll('p')).map((p) => p.textContent)).toEqual([SENIOR, HMO]);

    await userEvent.setup().click(within(modal()).getByRole('button', { name: 'Itemise' }));
    expect(within(modal()).queryByRole('note')).toBeNull();
  });

  it('asks about the card on the day of the appointment billed, not today', async () => {
    // The visit was on 9 January 2030 (the seeded appointment); the card ran out in January.
    const tess = await patientWithCard('Tess Ramos', '2030-01-01', '2030-01-31');
    await openBillOfAppointment(tess, []);
    expect((await within(modal()).findByRole('note')).textContent).toBe(
      "This patient has an HMO card valid on the day of the visit. A total alone is the patient's to pay: use " +
        'Itemise to bill the HMO its share.',
    );
  });

  it('says nothing of a card valid today that was not yet valid on the day of the visit', async () => {
    const nilo = await patientWithCard('Nilo Reyes', '2030-05-01', '2030-12-31', 'SC-2021-77');
    await openBillOfAppointment(nilo, []);
    const note = await within(modal()).findByRole('note');
    expect(Array.from(note.querySelectorAll('p')).map((p) => p.textContent)).toEqual([SENIOR]);
  });

  it('names a PWD ID alone when the patient’s HMO card has expired', async () => {
    await seed.clinics([{ id: 1 }]);
    await seed.hmos([{ id: 1, clinic_id: 1, name: 'Maxicare' }]);
    const [ramon] = await seed.patients([{ name: 'Ramon Cruz', discount_id_type: 'pwd', discount_id_number: 'PWD-7' }]);
    await seed.patient_hmo_cards([
      {
        clinic_id: 1,
        patient_id: ramon!.id,
        hmo_id: 1,
        member_number: 'MX-2',
        valid_from: '2029-01-01',
        valid_until: '2030-05-31',
      },
    ]);
    await openWith({ id: ramon!.id, name: 'Ramon Cruz' });
    const note = await within(modal()).findByRole('note');
    expect(note.textContent).toBe(
      'This patient has a PWD ID on file. A total alone gets no discount: use Itemise for the 20% discount and the VAT exemption.',
    );
  });
});
