import { describe, expect, it } from 'vitest';
import { requestErrorOf } from '@/lib/request-error';
import { lineRefusalOf } from './line-refusal';

/** A refusal as create_itemised_invoice or invoice_split answers it through PostgREST. */
const refusal = (code: string, hint: string, details: string | null) =>
  requestErrorOf({ code, hint, details, message: 'words of the server, never shown' });

describe('the line a refusal names', () => {
  it('is the detail’s place less one, at the field the code is about, in the code’s words', () => {
    expect(lineRefusalOf(refusal('23514', 'invoice_item_tooth_invalid', 'line=3'))).toEqual({
      index: 2,
      field: 'tooth',
      text: 'That is not an FDI tooth number.',
    });
    expect(lineRefusalOf(refusal('22023', 'invoice_item_procedure_unknown', 'line=1'))).toMatchObject({
      index: 0,
      field: 'procedureId',
    });
    expect(lineRefusalOf(refusal('23514', 'invoice_item_surfaces_need_tooth', 'line=2'))).toMatchObject({
      field: 'tooth',
    });
    expect(lineRefusalOf(refusal('23514', 'invoice_item_discount_over_line', 'line=2'))).toMatchObject({
      field: 'discount',
    });
  });

  it('is none for a refusal of no one line, without a place, or for no refusal', () => {
    expect(
      lineRefusalOf(refusal('PT409', 'invoice_split_changed', 'total_centavos=1, hmo_share_centavos=0')),
    ).toBeNull();
    expect(lineRefusalOf(refusal('23514', 'invoice_items_total_too_small', null))).toBeNull();
    expect(lineRefusalOf(refusal('23514', 'invoice_item_tooth_invalid', null))).toBeNull();
    expect(lineRefusalOf(refusal('23514', 'invoice_item_tooth_invalid', 'line=0'))).toBeNull();
    expect(lineRefusalOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(lineRefusalOf(null)).toBeNull();
  });
});
