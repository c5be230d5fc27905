import { describe, expect, it } from 'vitest';
import type { InvoiceSplit, InvoiceSplitRequest } from './api/preview-invoice-split';
import { sameRequest, sameVisit, splitView, type SplitState } from './split-answer';

const line = (procedureId: number, priceCentavos: number) => ({
  procedureId,
  tooth: null,
  surfaces: [],
  quantity: 1,
  priceCentavos,
  discountCentavos: 0,
});

const ana: InvoiceSplitRequest = { patientId: 1, items: [line(7, 120_000)] };
const anaRepriced: InvoiceSplitRequest = { patientId: 1, items: [line(7, 100_000)] };
const anaTwoLines: InvoiceSplitRequest = { patientId: 1, items: [line(7, 120_000), line(8, 35_000)] };
const ben: InvoiceSplitRequest = { patientId: 2, items: [line(7, 120_000)] };
const anaAtVisit: InvoiceSplitRequest = { ...ana, appointmentId: 40 };
const anaAtOtherVisit: InvoiceSplitRequest = { ...ana, appointmentId: 41 };

/** A split of `lines` lines paid by Maxicare, total `total`. */
const split = (lines: number, total: number): InvoiceSplit => ({
  card: { hmo_name: 'Maxicare', member_number: 'MAX-1' },
  card_problem: null,
  discount_id_type: null,
  discount_id_number: null,
  lines: Array.from({ length: lines }, (_, index) => ({
    position: index + 1,
    label: 'Cleaning',
    entered_unit_price_centavos: 120_000,
    unit_price_centavos: 90_000,
    entered_discount_centavos: 0,
    discount_centavos: 0,
    statutory_discount: false,
    line_total_centavos: 90_000,
    hmo_share_centavos: 90_000,
    patient_share_centavos: 0,
    coverage: 'contracted' as const,
    covered_percent: null,
    limit_reached: false,
  })),
  gross_centavos: total,
  hmo_share_centavos: 90_000,
  patient_share_centavos: 0,
  vat_exemption_centavos: 0,
  statutory_discount_centavos: 0,
  total_centavos: total,
});

const anasSplit = split(1, 0);
const answered = (asked: InvoiceSplitRequest, placeholder = false): SplitState => ({
  answer: { asked, split: anasSplit },
  placeholder,
  failure: null,
});

describe('which split answer the item editor shows', () => {
  it('shows the answer for exactly the lines typed as the database’s split of them', () => {
    expect(splitView(ana, answered(ana))).toEqual({
      shown: anasSplit,
      current: anasSplit,
      error: null,
      waiting: false,
    });
  });

  it('keeps the same patient’s last answer shown while the edited lines are asked about, but not as theirs', () => {
    // The placeholder of the query, and the answer for the lines before the typing settled.
    expect(splitView(anaRepriced, answered(ana, true))).toEqual({
      shown: anasSplit,
      current: null,
      error: null,
      waiting: false,
    });
    expect(splitView(anaRepriced, answered(ana))).toMatchObject({ shown: anasSplit, current: null, waiting: false });
  });

  it('shows no split under lines it has fewer lines than, and Save does not wait for it', () => {
    expect(splitView(anaTwoLines, answered(ana, true))).toEqual({
      shown: null,
      current: null,
      error: null,
      waiting: false,
    });
  });

  it('never shows another patient’s HMO, discount or total: nothing, and Save waits', () => {
    const nothingYet = { shown: null, current: null, error: null, waiting: true };
    expect(splitView(ben, answered(ana, true))).toEqual(nothingYet);
    expect(splitView(ben, answered(ana))).toEqual(nothingYet);
  });

  it('never shows the split of another appointment of the same patient', () => {
    const nothingYet = { shown: null, current: null, error: null, waiting: true };
    expect(splitView(anaAtOtherVisit, answered(anaAtVisit, true))).toEqual(nothingYet);
    expect(splitView(ana, answered(anaAtVisit))).toEqual(nothingYet);
    expect(splitView(anaAtVisit, answered(ana))).toEqual(nothingYet);
  });

  it('waits for the first answer, and asks nothing without a patient or readable lines', () => {
    expect(splitView(ana, { answer: undefined, placeholder: false, failure: null })).toEqual({
      shown: null,
      current: null,
      error: null,
      waiting: true,
    });
    expect(splitView(null, answered(ana))).toEqual({ shown: null, current: null, error: null, waiting: false });
  });

  it('says why this patient’s lines were refused, not why another patient’s were', () => {
    const refused = new Error('refused');
    const failed = (asked: InvoiceSplitRequest): SplitState => ({
      answer: undefined,
      placeholder: false,
      failure: { asked, error: refused },
    });
    expect(splitView(anaRepriced, failed(ana))).toEqual({ shown: null, current: null, error: refused, waiting: false });
    expect(splitView(ben, failed(ana))).toEqual({ shown: null, current: null, error: null, waiting: true });
  });
});

describe('the request an answer is for', () => {
  it('is one visit for the same patient and appointment, or both without one', () => {
    expect(sameVisit(ana, anaRepriced)).toBe(true);
    expect(sameVisit(ana, { patientId: 1, appointmentId: undefined })).toBe(true);
    expect(sameVisit(ana, ben)).toBe(false);
    expect(sameVisit(ana, anaAtVisit)).toBe(false);
    expect(sameVisit(anaAtVisit, anaAtOtherVisit)).toBe(false);
  });

  it('is the same request only with the same lines, in the same order', () => {
    expect(sameRequest(ana, JSON.parse(JSON.stringify(ana)) as InvoiceSplitRequest)).toBe(true);
    expect(sameRequest(ana, anaRepriced)).toBe(false);
    expect(sameRequest(anaTwoLines, { patientId: 1, items: [...anaTwoLines.items].reverse() })).toBe(false);
    expect(sameRequest(ana, ben)).toBe(false);
  });
});
