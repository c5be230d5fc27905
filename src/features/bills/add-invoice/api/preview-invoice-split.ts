import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { centavosToDecimal } from '@/entities/money';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';
import type { NewInvoiceItem } from './add-invoice.schema';

const centavos = z.int();

/** One line as public.invoice_split answers it: what it costs and who pays it. */
const splitLineSchema = z.object({
  position: z.int(),
  label: z.string(),
  /** The price typed, and the price billed (an HMO's contracted price replaces it). */
  entered_unit_price_centavos: centavos,
  unit_price_centavos: centavos,
  /**
   * The discount typed, and the discount billed: for a senior citizen or PWD a line gets its own
   * discount or the statutory one, whichever is higher (statutory_discount says which).
   */
  entered_discount_centavos: centavos,
  discount_centavos: centavos,
  statutory_discount: z.boolean(),
  line_total_centavos: centavos,
  hmo_share_centavos: centavos,
  patient_share_centavos: centavos,
  coverage: z.nullable(z.enum(['contracted', 'percent'])),
  covered_percent: z.nullable(z.number()),
  /** The HMO's annual limit cut this line's share. */
  limit_reached: z.boolean(),
});

/** What public.invoice_split (…_invoice_split.sql) answers: the database's split, never the SPA's. */
export const invoiceSplitSchema = z.object({
  card: z.nullable(z.object({ hmo_name: z.string(), member_number: z.string() })),
  card_problem: z.nullable(
    z.object({
      hmo_name: z.string(),
      member_number: z.string(),
      status: z.enum(['expired', 'hmo_inactive', 'not_yet_valid', 'valid', 'validity_missing']),
    }),
  ),
  discount_id_type: z.nullable(z.enum(['pwd', 'senior_citizen'])),
  discount_id_number: z.nullable(z.string()),
  lines: z.array(splitLineSchema),
  gross_centavos: centavos,
  hmo_share_centavos: centavos,
  patient_share_centavos: centavos,
  vat_exemption_centavos: centavos,
  statutory_discount_centavos: centavos,
  total_centavos: centavos,
});

export type InvoiceSplit = z.infer<typeof invoiceSplitSchema>;

export interface InvoiceSplitRequest {
  patientId: number;
  items: readonly NewInvoiceItem[];
  /** The appointment billed: its clinic day decides which HMO card is valid. */
  appointmentId?: number;
}

/** The lines as create_itemised_invoice and invoice_split read them: prices as decimal strings. */
export const invoiceItemsArgument = (items: readonly NewInvoiceItem[]) =>
  items.map((item) => ({
    procedure_id: item.procedureId,
    tooth: item.tooth,
    surfaces: item.surfaces,
    quantity: item.quantity,
    unit_price: centavosToDecimal(item.priceCentavos),
    discount: centavosToDecimal(item.discountCentavos),
  }));

/** Who pays the lines, as the save would store it (rpc/invoice_split). */
export async function getInvoiceSplit(clinicId: number, request: InvoiceSplitRequest): Promise<InvoiceSplit> {
  const answer = await getSupabase().rpc('invoice_split', {
    p_clinic_id: clinicId,
    p_patient_id: request.patientId,
    p_items: invoiceItemsArgument(request.items),
    ...(request.appointmentId === undefined ? {} : { p_appointment_id: request.appointmentId }),
  });
  if (answer.error) throw toRequestError(answer.error, answer.status);
  return invoiceSplitSchema.parse(answer.data);
}

/** Lines typed in the last moment are asked about once the typing pauses. */
const SETTLE_MS = 300;

/** An answer of invoice_split, with the request it answers. */
export interface SplitAnswer {
  asked: InvoiceSplitRequest;
  split: InvoiceSplit;
}

/**
 * The split of the form's current lines, asked again when they change (after a pause in typing).
 * `answer` is the last answer, with what it asked: while the next is on its way it stays (a
 * placeholder), so it may be for other lines, or another patient or appointment — what may be
 * shown of it is split-answer.ts's to say. `failure` is the last request's refusal, with what it
 * asked. Nothing is asked without a patient and readable lines (`request` null). Keyed by the
 * whole request: patient, appointment and lines.
 *
 * Never served from the cache: an answer is read each time the editor shows (a card or discount
 * ID saved, or an HMO's coverage changed, a moment ago must count), and dropped once it closes;
 * such saves also invalidate the split (invalidateInvoiceSplits) while it is open.
 */
export function useInvoiceSplit(clinicId: number, request: InvoiceSplitRequest | null) {
  const wanted = request === null ? null : JSON.stringify(request);
  const [settled, setSettled] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const query = useQuery({
    queryKey: billingKeys.invoiceSplit(clinicId, settled ?? ''),
    queryFn: async (): Promise<SplitAnswer> => {
      const asked = JSON.parse(settled!) as InvoiceSplitRequest;
      return { asked, split: await getInvoiceSplit(clinicId, asked) };
    },
    enabled: settled !== null && settled === wanted,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  return {
    answer: query.data,
    placeholder: query.isPlaceholderData,
    failure:
      query.error && settled !== null
        ? { asked: JSON.parse(settled) as InvoiceSplitRequest, error: query.error }
        : null,
  };
}
