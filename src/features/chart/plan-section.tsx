import { confirmDialog } from '@/components/confirm-dialog';
import { ErrorState, LoadingState } from '@/components/states/states';
import { can } from '@/lib/authorization';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { useSignedInUser } from '@/lib/session';
import { useBookPlanItem } from './book-plan-item/use-book-plan-item';
import { useDecidePlanItem, type PlanDecision } from './decide-plan-item/api/decide-plan-item';
import { chartFailureText } from './model/failure-text';
import { PLAN_TEXT } from './model/plan-messages';
import type { PlanItem } from './model/treatment-plan';
import { useTreatmentPlan } from './view-plan/api/get-plan';
import { TreatmentPlanView } from './view-plan/components/treatment-plan';
import './plan.css';

/**
 * The chart screen's treatment plan: the plan by phase with its totals, the patient's Accept /
 * Decline (every clinic role records it), and Book (hands the item over to the booking form).
 * Reports what happened through the screen's header message.
 */
export function PlanSection({
  clinicId,
  patient,
  timeZone,
  onMessage,
}: {
  clinicId: number;
  patient: { id: number; name: string };
  timeZone: string;
  onMessage: (tone: 'success' | 'error', text: string) => void;
}) {
  const user = useSignedInUser();
  const plan = useTreatmentPlan(clinicId, patient.id);
  const decision = useDecidePlanItem(clinicId, patient.id);
  const book = useBookPlanItem(clinicId, patient);
  const canBook = can(user.role, 'appointments:write');

  async function decide(item: PlanItem, answer: PlanDecision) {
    const name = PLAN_TEXT.item(item.procedureName, item.tooth, item.surfaces.join(''));
    if (
      answer === 'declined' &&
      !(await confirmDialog({
        title: PLAN_TEXT.declineQuestion(name),
        text: PLAN_TEXT.declineText,
        confirmText: PLAN_TEXT.decline,
      }))
    )
      return;
    try {
      if ((await decision.mutateAsync({ itemId: item.id, decision: answer })) === ALREADY_PENDING) return;
      onMessage('success', PLAN_TEXT.decided(answer));
    } catch (error) {
      console.error('Ngiti: recording a plan decision failed', error);
      const detail = chartFailureText(error);
      onMessage('error', detail ? `${PLAN_TEXT.decideFailed} ${detail}` : PLAN_TEXT.decideFailed);
    }
  }

  return (
    <section className="plan-section" aria-labelledby="plan-title">
      <h2 id="plan-title" className="plan-title">
        {PLAN_TEXT.title}
      </h2>
      {plan.isError && !plan.data ? (
        <ErrorState title={PLAN_TEXT.loadFailed} onRetry={() => void plan.refetch()} />
      ) : !plan.data ? (
        <LoadingState label={PLAN_TEXT.loading} />
      ) : (
        <TreatmentPlanView
          plan={plan.data}
          timeZone={timeZone}
          actions={{
            decide: can(user.role, 'plan:decide') ? (item, answer) => void decide(item, answer) : undefined,
            book: book && canBook ? book : undefined,
            busyId: decision.isPending ? (decision.variables?.itemId ?? null) : null,
          }}
        />
      )}
    </section>
  );
}
