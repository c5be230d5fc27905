import { confirmDialog } from '@/components/confirm-dialog';
import { ErrorState, LoadingState } from '@/components/states/states';
import { can } from '@/lib/authorization';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { useSignedInUser } from '@/lib/session';
import { useBookPlanItem } from './book-plan-item/use-book-plan-item';
import { useDecidePlanItem, type PlanDecision } from './decide-plan-item/api/decide-plan-item';
import { chartFailureText } from './model/failure-text';
import { PLAN_TEXT } from './model/plan-messages';
import { planItemName, type PlanItem } from './model/treatment-plan';
import { useTreatmentPlan } from './view-plan/api/get-plan';
import { TreatmentPlanView } from './view-plan/components/treatment-plan';
import { useWithdrawPlanItem } from './withdraw-plan-item/api/withdraw-plan-item';
import './plan.css';

/**
 * The chart screen's treatment plan: the plan by phase with its totals, the patient's Accept /
 * Decline (every clinic role records it), Book (hands the item over to the booking form) and
 * Withdraw (whoever may plan takes back an item planned in error).
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
  const withdrawal = useWithdrawPlanItem(clinicId, patient.id);
  const book = useBookPlanItem(clinicId, patient);
  const canBook = can(user.role, 'appointments:write');

  /**
   * One write on an item: asks first when `confirm` is given (a decline, a withdrawal), then says
   * what happened, or why not, in the screen's header message.
   */
  async function act(
    confirm: { title: string; text: string; confirmText: string } | null,
    write: () => Promise<unknown>,
    texts: { done: string; failed: string; log: string },
  ) {
    if (confirm && !(await confirmDialog(confirm))) return;
    try {
      if ((await write()) === ALREADY_PENDING) return;
      onMessage('success', texts.done);
    } catch (error) {
      console.error(`Ngiti: ${texts.log} failed`, error);
      const detail = chartFailureText(error);
      onMessage('error', detail ? `${texts.failed} ${detail}` : texts.failed);
    }
  }

  const decide = (item: PlanItem, answer: PlanDecision) =>
    act(
      answer === 'declined'
        ? {
            title: PLAN_TEXT.declineQuestion(planItemName(item)),
            text: PLAN_TEXT.declineText,
            confirmText: PLAN_TEXT.decline,
          }
        : null,
      () => decision.mutateAsync({ itemId: item.id, decision: answer }),
      { done: PLAN_TEXT.decided(answer), failed: PLAN_TEXT.decideFailed, log: 'recording a plan decision' },
    );

  const withdraw = (item: PlanItem) =>
    act(
      {
        title: PLAN_TEXT.withdrawQuestion(planItemName(item)),
        text: PLAN_TEXT.withdrawText,
        confirmText: PLAN_TEXT.withdraw,
      },
      () => withdrawal.mutateAsync(item.id),
      { done: PLAN_TEXT.withdrawn, failed: PLAN_TEXT.withdrawFailed, log: 'withdrawing a plan item' },
    );

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
            withdraw: can(user.role, 'plan:write') ? (item) => void withdraw(item) : undefined,
            busyId: decision.isPending
              ? (decision.variables?.itemId ?? null)
              : withdrawal.isPending
                ? (withdrawal.variables ?? null)
                : null,
          }}
        />
      )}
    </section>
  );
}
