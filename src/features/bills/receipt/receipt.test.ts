import { describe, expect, it } from 'vitest';
import { clinicContactLine, receiptPaymentId, receiptSchema } from './receipt';

describe("the receipt route's payment id", () => {
  it('is a positive whole number', () => {
    expect(receiptPaymentId('12')).toBe(12);
    expect(receiptPaymentId('9007199254740991')).toBe(9_007_199_254_740_991);
  });

  it('is none for anything else', () => {
    for (const param of [undefined, '', '0', '012', '-3', '1.5', '12a', ' 12', '1e3', '99999999999999999']) {
      expect(receiptPaymentId(param)).toBeNull();
    }
  });
});

describe("the clinic's contact line", () => {
  it('joins the phone and e-mail that are set', () => {
    expect(clinicContactLine({ clinic_phone: '0917 555 0100', clinic_email: 'hi@smile.test' })).toBe(
      '0917 555 0100 · hi@smile.test',
    );
    expect(clinicContactLine({ clinic_phone: null, clinic_email: 'hi@smile.test' })).toBe('hi@smile.test');
    expect(clinicContactLine({ clinic_phone: '  ', clinic_email: null })).toBe('');
  });
});

describe('the answer of payment_receipt', () => {
  const answer = {
    payment_id: 12,
    receipt_number: 4,
    invoice_id: 31,
    clinic_name: 'Smile Dental',
    clinic_time_zone: 'Asia/Manila',
    clinic_address: null,
    clinic_phone: null,
    clinic_email: null,
    patient_name: 'Ana Santos',
    cashier_name: 'Rosa Dela Cruz',
    amount_centavos: 50_025,
    method: 'cash',
    reference_number: null,
    notes: null,
    payment_date: '2030-01-09T02:05:00+00:00',
    voided_at: null,
    appointment_reason: null,
    appointment_time: null,
    invoice_total_centavos: 150_050,
    balance_after_centavos: 100_025,
    items: [
      {
        position: 1,
        label: '36 MO Composite filling',
        quantity: 1,
        unit_price_centavos: 150_050,
        discount_centavos: 0,
        line_total_centavos: 150_050,
        hmo_share_centavos: 0,
        patient_share_centavos: 150_050,
      },
    ],
    hmo_name: null,
    hmo_member_number: null,
    hmo_share_centavos: 0,
    discount_id_type: null,
    discount_id_number: null,
    vat_exemption_centavos: 0,
    statutory_discount_centavos: 0,
  };

  it('is read as it is', () => {
    expect(receiptSchema.parse(answer)).toEqual(answer);
  });

  it('is refused without the clinic time zone its date is shown in', () => {
    const { clinic_time_zone: _zone, ...withoutZone } = answer;
    expect(receiptSchema.safeParse(withoutZone).success).toBe(false);
  });

  it('is refused when an amount is not whole centavos', () => {
    expect(receiptSchema.safeParse({ ...answer, amount_centavos: 500.25 }).success).toBe(false);
  });
});
