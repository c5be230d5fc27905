import type { ChartCondition, PlanItemStatus } from '@/lib/database.types';
import { PLAN_TEXT } from './plan-messages';

/** One item of the patient's treatment plan as the chart shows it; money in integer centavos. */
export interface PlanItem {
  id: number;
  tooth: number;
  surfaces: readonly string[];
  condition: ChartCondition;
  phase: number;
  status: PlanItemStatus;
  procedureId: number | null;
  procedureName: string;
  priceCentavos: number;
  /** The appointment booked for it, if any. */
  appointmentId: number | null;
  /** That appointment is still to come (Scheduled or Confirmed, not deleted): 'Booked'. */
  booked: boolean;
  plannedByName: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  doneAt: string | null;
}

/** A total of public.treatment_plan_totals: declined items left out; total = done + open. */
export interface PlanTotal {
  itemCount: number;
  totalCentavos: number;
  doneCentavos: number;
  openCentavos: number;
}

export interface PlanPhase {
  phase: number;
  items: readonly PlanItem[];
  /** The database's total of the phase; null when every item of it was declined. */
  total: PlanTotal | null;
}

export interface TreatmentPlan {
  phases: readonly PlanPhase[];
  /** The whole plan's total; null when there is nothing to total. */
  overall: PlanTotal | null;
}

/**
 * The items grouped by phase, first phase first, each item in the order it was planned, beside the
 * totals the database computed (the sums are never redone here).
 */
export function groupPlan(
  items: readonly PlanItem[],
  totals: readonly (PlanTotal & { phase: number | null })[],
): TreatmentPlan {
  const phases = [...new Set(items.map((item) => item.phase))].sort((a, b) => a - b);
  const totalOf = (phase: number | null) => {
    const found = totals.find((total) => total.phase === phase);
    return found
      ? {
          itemCount: found.itemCount,
          totalCentavos: found.totalCentavos,
          doneCentavos: found.doneCentavos,
          openCentavos: found.openCentavos,
        }
      : null;
  };
  return {
    phases: phases.map((phase) => ({
      phase,
      items: items.filter((item) => item.phase === phase),
      total: totalOf(phase),
    })),
    overall: totalOf(null),
  };
}

/** Items still to do: what Book, Withdraw and the Completed dialog offer. */
export const isOpenPlanItem = (item: Pick<PlanItem, 'status'>) =>
  item.status === 'proposed' || item.status === 'accepted';

/** 'Composite Filling on tooth 36 MO': how buttons and questions name an item. */
export const planItemName = (item: Pick<PlanItem, 'procedureName' | 'tooth' | 'surfaces'>) =>
  PLAN_TEXT.item(item.procedureName, item.tooth, item.surfaces.join(''));

/**
 * The dentist Book preselects: the signed-in user's own dentist record (same e-mail), else the
 * dentist who planned the item (same name), else none.
 */
export function bookingDentistFor(
  dentists: readonly { id: number; name: string; email: string }[],
  userEmail: string,
  plannedByName: string | null,
): number | undefined {
  const email = userEmail.trim().toLowerCase();
  return (
    dentists.find((dentist) => dentist.email.trim().toLowerCase() === email)?.id ??
    dentists.find((dentist) => plannedByName !== null && dentist.name === plannedByName)?.id
  );
}
