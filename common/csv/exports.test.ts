import { describe, expect, it } from 'vitest';
import { exportFileName, exportQuery, paymentMethodText } from './exports';

describe('export names and query strings', () => {
  it('names a file after the list, the clinic as ASCII and the clinic date', () => {
    expect(exportFileName('patients', 'Smile Dental', '2026-11-26')).toBe('patients-smile-dental-2026-11-26.csv');
    expect(exportFileName('payments', 'Clínica Niño & Peña, Inc.', '2026-11-26')).toBe(
      'payments-clinica-nino-pena-inc-2026-11-26.csv',
    );
    expect(exportFileName('invoices', '😁 ', '2026-11-26')).toBe('invoices-clinic-2026-11-26.csv');
  });

  it('leaves empty filters and the All status out of the query string', () => {
    expect(exportQuery<'invoices'>(3, { q: '', status: 'All' })).toEqual({ clinicId: '3' });
    expect(exportQuery<'invoices'>(3, { q: 'ana', status: 'Paid' })).toEqual({
      clinicId: '3',
      q: 'ana',
      status: 'Paid',
    });
    expect(
      exportQuery<'appointments'>(3, {
        from: '2026-10-31T16:00:00.000Z',
        to: '2026-11-30T16:00:00.000Z',
        dentistId: null,
      }),
    ).toEqual({ clinicId: '3', from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' });
    expect(exportQuery<'appointments'>(3, { from: 'a', to: 'b', dentistId: 9 })).toMatchObject({ dentistId: '9' });
  });

  it('labels payment methods as the Billing tab does, an unknown one as stored', () => {
    expect(['cash', 'card', 'e-wallet', 'bank', 'cheque', null].map(paymentMethodText)).toEqual([
      'Cash',
      'Card',
      'E-Wallet',
      'Bank Transfer',
      'cheque',
      '',
    ]);
  });
});
