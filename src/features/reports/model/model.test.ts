import { describe, expect, it } from 'vitest';
import { checkPeriod, DAY_SHEET_LIMIT, defaultPeriod, MAX_DAY_SHEET_DAYS, MAX_PERIOD_DAYS } from './period';
import {
  chartCeiling,
  chartHours,
  chartMonths,
  chartText,
  formatRate,
  hourLabel,
  isoWeekdayName,
  lateCancelRate,
  monthLabel,
  noShowRate,
  ratePercent,
} from './rates';
import { parseDaySheet, parseNoShowInsight, ReportShapeError } from './report-shapes';

describe('the day sheet’s range', () => {
  it('takes one day, or up to 31 days across a month’s end', () => {
    expect(checkPeriod(' 2026-11-26 ', '2026-11-26', DAY_SHEET_LIMIT)).toEqual({
      ok: true,
      from: '2026-11-26',
      to: '2026-11-26',
    });
    expect(checkPeriod('2026-11-15', '2026-12-15', DAY_SHEET_LIMIT)).toEqual({
      ok: true,
      from: '2026-11-15',
      to: '2026-12-15',
    });
    expect(MAX_DAY_SHEET_DAYS).toBe(31);
  });

  it('refuses 32 days, a reversed range and an impossible date, each at its field', () => {
    expect(checkPeriod('2026-11-15', '2026-12-16', DAY_SHEET_LIMIT)).toEqual({
      ok: false,
      errors: { to: 'The day sheet can cover at most 31 days.' },
    });
    expect(checkPeriod('2026-11-27', '2026-11-26', DAY_SHEET_LIMIT)).toEqual({
      ok: false,
      errors: { to: 'The first day must be on or before the last day.' },
    });
    expect(checkPeriod('2026-02-30', '', DAY_SHEET_LIMIT)).toEqual({
      ok: false,
      errors: { from: 'Enter a real date (YYYY-MM-DD).', to: 'Choose the last day of the period.' },
    });
  });
});

describe('the no-show period', () => {
  it('accepts one day and exactly two years (731 days)', () => {
    expect(checkPeriod('2026-11-26', '2026-11-26')).toEqual({ ok: true, from: '2026-11-26', to: '2026-11-26' });
    expect(checkPeriod('2024-11-27', '2026-11-26')).toEqual({ ok: true, from: '2024-11-27', to: '2026-11-26' });
    expect(MAX_PERIOD_DAYS).toBe(731);
  });

  it('refuses a period longer than two years or that ends before it starts', () => {
    expect(checkPeriod('2024-11-25', '2026-11-26')).toEqual({
      ok: false,
      errors: { to: 'The period can be at most 2 years (731 days).' },
    });
    expect(checkPeriod('2026-11-27', '2026-11-26')).toEqual({
      ok: false,
      errors: { to: 'The first day must be on or before the last day.' },
    });
  });

  it('tells each missing or malformed end at its own field', () => {
    expect(checkPeriod('', 'nope')).toEqual({
      ok: false,
      errors: { from: 'Choose the first day of the period.', to: 'Enter a real date (YYYY-MM-DD).' },
    });
  });

  it('opens with the last 365 clinic days, today included, across a leap day', () => {
    expect(defaultPeriod('2026-11-26')).toEqual({ from: '2025-11-27', to: '2026-11-26' });
    expect(defaultPeriod('2028-03-01')).toEqual({ from: '2027-03-03', to: '2028-03-01' });
  });
});

describe('rates', () => {
  it('are exact to one decimal, rounded half up, and a dash when nothing was booked', () => {
    expect(formatRate(1, 8)).toBe('12.5%');
    expect(formatRate(1, 3)).toBe('33.3%');
    expect(formatRate(2, 3)).toBe('66.7%');
    expect(formatRate(0, 5)).toBe('0.0%');
    expect(formatRate(5, 5)).toBe('100.0%');
    expect(formatRate(0, 0)).toBe('—');
    expect(ratePercent(1, 4)).toBe(25);
    expect(ratePercent(1, 0)).toBeNull();
  });

  it('label hours and ISO weekdays as staff read them', () => {
    expect([0, 9, 12, 17].map(hourLabel)).toEqual(['12:00 AM', '9:00 AM', '12:00 PM', '5:00 PM']);
    expect([1, 6, 7].map(isoWeekdayName)).toEqual(['Monday', 'Saturday', 'Sunday']);
  });

  it('count no-shows among kept and missed appointments, late cancels among every outcome', () => {
    // 6 kept, 2 no-shows, 4 cancelled (1 late), 3 still Scheduled after their time.
    const counts = { booked: 15, kept: 6, no_shows: 2, cancelled: 4, late_cancels: 1 };
    expect(noShowRate(counts)).toBe('25.0%');
    expect(lateCancelRate(counts)).toBe('8.3%');
    expect(noShowRate({ booked: 2, kept: 0, no_shows: 0, cancelled: 2, late_cancels: 0 })).toBe('—');
  });

  it('give a chart a text alternative with every group’s rates', () => {
    expect(
      chartText([
        { label: '9:00 AM', booked: 4, kept: 3, no_shows: 1, cancelled: 0, late_cancels: 0 },
        { label: '2:00 PM', booked: 3, kept: 2, no_shows: 0, cancelled: 1, late_cancels: 1 },
      ]),
    ).toBe('9:00 AM: 25.0% no-shows, 0.0% late cancels; 2:00 PM: 0.0% no-shows, 33.3% late cancels');
  });

  it('give the chart each hour’s and month’s rates in percent, none where nothing could be missed', () => {
    expect(
      chartHours([
        { hour: 9, booked: 5, kept: 3, no_shows: 1, cancelled: 0, late_cancels: 0 },
        { hour: 13, booked: 1, kept: 0, no_shows: 0, cancelled: 1, late_cancels: 1 },
      ]),
    ).toEqual([
      { x: 9, label: '9:00 AM', noShowRate: 25, lateCancelRate: 0 },
      { x: 13, label: '1:00 PM', noShowRate: null, lateCancelRate: 100 },
    ]);
    expect(
      chartMonths([
        { month: '2026-10', booked: 0, kept: 0, no_shows: 0, cancelled: 0, late_cancels: 0 },
        { month: '2026-11', booked: 4, kept: 3, no_shows: 1, cancelled: 0, late_cancels: 0 },
      ]),
    ).toEqual([
      { x: 0, label: 'Oct 2026', noShowRate: null, lateCancelRate: null },
      { x: 1, label: 'Nov 2026', noShowRate: 25, lateCancelRate: 0 },
    ]);
    expect(monthLabel('2026-11')).toBe('November 2026');
  });

  it('fit the y axis to the highest rate, in steps of 5%, between 5% and 100%', () => {
    const point = (noShowRate: number | null, lateCancelRate: number | null) => ({
      x: 0,
      label: '',
      noShowRate,
      lateCancelRate,
    });
    expect(chartCeiling([point(12.5, 8), point(null, 17.4)])).toBe(20);
    expect(chartCeiling([point(5, 0)])).toBe(5);
    expect(chartCeiling([point(0, null)])).toBe(5);
    expect(chartCeiling([])).toBe(5);
    expect(chartCeiling([point(100, 50)])).toBe(100);
  });
});

const missedRow = {
  appointment_id: 1,
  appointment_time: '2026-11-02T01:00:00Z',
  patient_id: 2,
  patient_name: 'Niño Peña',
  dentist_name: 'Dr. Reyes',
  outcome: 'no_show',
  cancelled_at: null,
  cancel_reason: null,
};

const emptySheet = {
  from: '2026-11-26',
  to: '2026-11-26',
  time_zone: 'Asia/Manila',
  appointments: [],
  production: {
    invoice_count: 0,
    gross_centavos: 0,
    vat_exemption_centavos: 0,
    statutory_discount_centavos: 0,
    net_centavos: 0,
    hmo_share_centavos: 0,
    patient_pays_centavos: 0,
    by_dentist: [],
    invoices: [],
  },
  payments: [],
  totals: [],
  cashier_totals: [],
  grand_total_centavos: 0,
  hmo_collections: { payments: [], total_centavos: 0 },
  voids: [],
  open_invoices: [],
};

describe('reading the reports’ answers', () => {
  it('reads a day sheet and refuses a float amount or an unknown method', () => {
    expect(parseDaySheet(emptySheet)).toEqual(emptySheet);
    expect(() => parseDaySheet({ ...emptySheet, grand_total_centavos: 10.5 })).toThrow(ReportShapeError);
    expect(() =>
      parseDaySheet({ ...emptySheet, totals: [{ method: 'cheque', payment_count: 1, total_centavos: 100 }] }),
    ).toThrow('day_sheet.totals[0].method');
    expect(() =>
      parseDaySheet({
        ...emptySheet,
        production: { ...emptySheet.production, invoice_count: 1, net_centavos: '100.00' },
      }),
    ).toThrow('day_sheet.production.net_centavos');
    const issued = {
      id: 7,
      patient_name: 'Ana',
      dentist_name: null,
      created_at: '2026-11-26T02:00:00Z',
      discount_id_type: null,
      gross_centavos: 100,
      vat_exemption_centavos: 0,
      statutory_discount_centavos: 0,
      net_centavos: 100,
      hmo_share_centavos: 0,
      patient_pays_centavos: 100,
    };
    expect(() =>
      parseDaySheet({
        ...emptySheet,
        production: { ...emptySheet.production, invoices: [{ ...issued, discount_id_type: 'student', items: [] }] },
      }),
    ).toThrow('day_sheet.production.invoices[0].discount_id_type');
    expect(() =>
      parseDaySheet({
        ...emptySheet,
        production: { ...emptySheet.production, invoices: [{ ...issued, items: [{ position: 1, label: 'X-ray' }] }] },
      }),
    ).toThrow('day_sheet.production.invoices[0].items');
  });

  it('reads a void HMO payment with its HMO’s name, and refuses a void naming both or neither', () => {
    const patientVoid = {
      kind: 'payment',
      id: 12,
      invoice_id: 5,
      patient_name: 'Ana',
      hmo_name: null,
      amount_centavos: 5000,
      method: 'cash',
      voided_at: '2026-11-26T05:00:00Z',
      void_reason: 'Entered twice',
      voided_by_name: null,
    };
    const hmoVoid = {
      ...patientVoid,
      kind: 'hmo_payment',
      id: 4,
      invoice_id: null,
      patient_name: null,
      hmo_name: 'Maxicare',
      method: null,
    };
    const voids = [patientVoid, hmoVoid];
    expect(parseDaySheet({ ...emptySheet, voids }).voids).toEqual(voids);
    expect(() => parseDaySheet({ ...emptySheet, voids: [{ ...hmoVoid, hmo_name: null }] })).toThrow(
      'day_sheet.voids[0].hmo_name',
    );
    expect(() => parseDaySheet({ ...emptySheet, voids: [{ ...hmoVoid, invoice_id: 5 }] })).toThrow(
      'day_sheet.voids[0].invoice_id',
    );
    expect(() => parseDaySheet({ ...emptySheet, voids: [{ ...patientVoid, hmo_name: 'Maxicare' }] })).toThrow(
      'day_sheet.voids[0].hmo_name',
    );
  });

  it('reads an empty period as zero counts', () => {
    const insight = parseNoShowInsight({
      from: '2026-01-01',
      to: '2026-01-31',
      time_zone: 'Asia/Manila',
      as_of: '2026-11-26T01:00:00Z',
      overall: null,
      by_dentist: [],
      by_weekday: [],
      by_hour: [],
      by_month: [{ month: '2026-01', booked: 0, kept: 0, no_shows: 0, cancelled: 0, late_cancels: 0 }],
      missed: [],
    });
    expect(insight.overall).toEqual({ booked: 0, kept: 0, no_shows: 0, cancelled: 0, late_cancels: 0 });
    expect(() =>
      parseNoShowInsight({
        ...insight,
        missed: [{ ...missedRow, outcome: 'cancelled' }],
      }),
    ).toThrow('no_show_insight.missed[0].outcome');
  });
});
