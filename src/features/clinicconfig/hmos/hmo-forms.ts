/**
 * The HMO and coverage forms' input rules: what is typed and what it is sent as (money as a
 * decimal string from integer centavos). The limits that decide (claim deadline 1–365, price or
 * percentage exactly one, a procedure once per HMO) are the database's (…_hmo_coverage.sql).
 */
import { z } from 'zod';
import { centavosOfStored, centavosToDecimal, formatPesos, parsePesos } from '@/entities/money';
import { HMO_TEXT } from './messages';

export interface HmoFields {
  name: string;
  claim_deadline_days: number;
  /** Pesos as a decimal string, or null for no limit. */
  annual_limit: string | null;
  active: boolean;
}

/** The HMO form's inputs as typed. */
export interface HmoFormValues {
  name: string;
  deadline: string;
  limit: string;
  active: boolean;
}

export const EMPTY_HMO_FORM: HmoFormValues = { name: '', deadline: '30', limit: '', active: true };

/** The claim deadline typed, in days; NaN when it is not a whole number of at most 3 digits. */
function deadlineDaysOf(typed: string): number {
  return /^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
}

/** The annual limit typed, as the decimal string sent: null for none, undefined when it is not pesos. */
function annualLimitOf(typed: string): string | null | undefined {
  if (typed.trim() === '') return null;
  const limit = parsePesos(typed);
  return limit.ok ? centavosToDecimal(limit.centavos) : undefined;
}

export const hmoFormSchema = z
  .object({ name: z.string(), deadline: z.string(), limit: z.string(), active: z.boolean() })
  .transform((values, context): HmoFields => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const name = values.name.trim();
    if (name === '') issue('name', HMO_TEXT.nameRequired);
    else if ([...name].length > 100) issue('name', HMO_TEXT.nameTooLong);
    const deadline = deadlineDaysOf(values.deadline);
    if (!(deadline >= 1 && deadline <= 365)) issue('deadline', HMO_TEXT.deadlineInvalid);
    const limit = annualLimitOf(values.limit);
    if (limit === undefined) issue('limit', HMO_TEXT.limitInvalid);
    return { name, claim_deadline_days: deadline, annual_limit: limit ?? null, active: values.active };
  });

/** A stored HMO as the form shows it (the limit as the database wrote it, '30000.00'). */
export function hmoFormValuesOf(hmo: HmoFields): HmoFormValues {
  return {
    name: hmo.name,
    deadline: String(hmo.claim_deadline_days),
    limit: hmo.annual_limit ?? '',
    active: hmo.active,
  };
}

/**
 * A stored HMO's fields that Edit HMO writes, as read (the limit as the database's decimal text):
 * what an update checks the HMO still holds.
 */
export function storedHmoFieldsOf(hmo: HmoFields): HmoFields {
  return {
    name: hmo.name,
    claim_deadline_days: hmo.claim_deadline_days,
    annual_limit: hmo.annual_limit,
    active: hmo.active,
  };
}

/**
 * After someone else saved the HMO while Edit HMO was open: the form shows their values
 * (`current`) in the fields this user left as they were opened (`opened`), and keeps what this
 * user changed. A limit counts as unchanged when it reads as the same pesos ('30,000' for
 * 30000.00), a deadline when it reads as the same days.
 */
export function mergeConcurrentHmoEdit(typed: HmoFormValues, opened: HmoFields, current: HmoFields): HmoFormValues {
  const theirs = hmoFormValuesOf(current);
  const openedLimit = opened.annual_limit === null ? null : centavosToDecimal(centavosOfStored(opened.annual_limit));
  return {
    name: typed.name.trim() === opened.name ? theirs.name : typed.name,
    deadline: deadlineDaysOf(typed.deadline) === opened.claim_deadline_days ? theirs.deadline : typed.deadline,
    limit: annualLimitOf(typed.limit) === openedLimit ? theirs.limit : typed.limit,
    active: typed.active === opened.active ? theirs.active : typed.active,
  };
}

export interface CoverageFields {
  procedure_id: number;
  contracted_price: string | null;
  covered_percent: string | null;
}

export const EMPTY_COVERAGE_FORM = { procedureId: '', basis: 'price' as 'price' | 'percent', amount: '' };

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

export const coverageFormSchema = z
  .object({ procedureId: z.string(), basis: z.enum(['price', 'percent']), amount: z.string() })
  .transform((values, context): CoverageFields => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (values.procedureId === '') issue('procedureId', HMO_TEXT.procedureRequired);
    const amount = values.amount.trim();
    if (values.basis === 'price') {
      const price = parsePesos(amount);
      if (!price.ok) issue('amount', HMO_TEXT.priceInvalid);
      return {
        procedure_id: Number(values.procedureId),
        contracted_price: price.ok ? centavosToDecimal(price.centavos) : null,
        covered_percent: null,
      };
    }
    if (!PERCENT.test(amount)) issue('amount', HMO_TEXT.percentInvalid);
    return { procedure_id: Number(values.procedureId), contracted_price: null, covered_percent: amount };
  });

/** Pesos as the database wrote them ('30000.00') in the app's format ('₱30,000.00'). */
export function pesosText(decimal: string): string {
  const parsed = parsePesos(decimal);
  return parsed.ok ? formatPesos(parsed.centavos) : decimal;
}

/**
 * How each procedure is named in the coverage picker and table: its name, and its category beside
 * it when another procedure of the clinic has the same name ('Cleaning (Adult)', 'Cleaning
 * (Pediatric)'), since names are unique within a category only.
 */
export function procedureLabels(
  procedures: readonly { id: number; name: string; category: string | null }[],
): Map<number, string> {
  const counts = new Map<string, number>();
  for (const { name } of procedures) counts.set(name.toLowerCase(), (counts.get(name.toLowerCase()) ?? 0) + 1);
  return new Map(
    procedures.map(({ id, name, category }) => [
      id,
      (counts.get(name.toLowerCase()) ?? 0) > 1 && category ? `${name} (${category})` : name,
    ]),
  );
}
