import { formatClinicDate } from '@common/clinic-calendar';
import { formatPesos } from '@/entities/money';
import { PLAN_TEXT } from '../../model/plan-messages';
import {
  isOpenPlanItem,
  planItemName,
  type PlanItem,
  type PlanTotal,
  type TreatmentPlan,
} from '../../model/treatment-plan';

function statusText(item: PlanItem, timeZone: string): string {
  const label = PLAN_TEXT.statuses[item.status];
  if (item.status === 'done' && item.doneAt) return `${label}, ${formatClinicDate(item.doneAt, timeZone)}`;
  if (item.decidedAt && (item.status === 'accepted' || item.status === 'declined'))
    return `${label}: ${PLAN_TEXT.decidedBy(item.decidedByName ?? '—', formatClinicDate(item.decidedAt, timeZone))}`;
  return label;
}

const totalLine = (total: PlanTotal) =>
  `${formatPesos(total.totalCentavos)} (${formatPesos(total.doneCentavos)} ${PLAN_TEXT.done}, ${formatPesos(total.openCentavos)} ${PLAN_TEXT.open})`;

export interface PlanItemActions {
  /** Accept / Decline on proposed items; left out for a read-only plan. */
  decide?: (item: PlanItem, decision: 'accepted' | 'declined') => void;
  /** Withdraw on open items, for whoever may plan; left out otherwise. */
  withdraw?: (item: PlanItem) => void;
  /** Book on open items; left out where there is no booking form to hand over to. */
  book?: (item: PlanItem) => void;
  /** The item whose action is running. */
  busyId: number | null;
}

/**
 * The patient's treatment plan, phase by phase: each item's tooth, procedure, price and status,
 * with Accept / Decline, Book and Withdraw where allowed, and the totals the database computed per phase
 * and for the whole plan (declined items left out), in pesos.
 */
export function TreatmentPlanView({
  plan,
  timeZone,
  actions,
}: {
  plan: TreatmentPlan;
  timeZone: string;
  actions: PlanItemActions;
}) {
  if (plan.phases.length === 0) return <p className="plan-empty">{PLAN_TEXT.empty}</p>;
  return (
    <div className="plan-phases">
      {plan.phases.map(({ phase, items, total }) => (
        <table key={phase} className="plan-table" data-phase={phase}>
          <caption>{PLAN_TEXT.phase(phase)}</caption>
          <thead>
            <tr>
              <th scope="col">{PLAN_TEXT.tooth}</th>
              <th scope="col">{PLAN_TEXT.procedure}</th>
              <th scope="col" className="plan-money">
                {PLAN_TEXT.price}
              </th>
              <th scope="col">{PLAN_TEXT.status}</th>
              <th scope="col" className="chart-no-print">
                {PLAN_TEXT.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-item-id={item.id} data-status={item.status}>
                <td>
                  {item.tooth}
                  {item.surfaces.length > 0 ? ` ${item.surfaces.join('')}` : ''}
                </td>
                <td>{item.procedureName}</td>
                <td className="plan-money">{formatPesos(item.priceCentavos)}</td>
                <td className={`plan-status plan-status-${item.status}`}>
                  {statusText(item, timeZone)}
                  {item.booked && isOpenPlanItem(item) ? ` · ${PLAN_TEXT.booked}` : ''}
                </td>
                <td className="plan-actions chart-no-print">
                  <PlanItemButtons item={item} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
          {total ? (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {PLAN_TEXT.phaseTotal(phase)}
                </th>
                <td className="plan-money" colSpan={3} data-testid={`plan-phase-total-${phase}`}>
                  {totalLine(total)}
                </td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      ))}
      {plan.overall ? (
        <p className="plan-overall" data-testid="plan-overall-total">
          <strong>{PLAN_TEXT.overall}:</strong> {totalLine(plan.overall)}
        </p>
      ) : null}
    </div>
  );
}

function PlanItemButtons({ item, actions }: { item: PlanItem; actions: PlanItemActions }) {
  const { decide, book, withdraw } = actions;
  const busy = actions.busyId === item.id;
  const name = planItemName(item);
  const open = isOpenPlanItem(item);
  return (
    <>
      {decide && item.status === 'proposed' ? (
        <>
          <ItemButton
            tone="secondary"
            text={PLAN_TEXT.accept}
            label={PLAN_TEXT.acceptLabel(name)}
            busy={busy}
            onClick={() => decide(item, 'accepted')}
          />
          <ItemButton
            tone="danger-outline"
            text={PLAN_TEXT.decline}
            label={PLAN_TEXT.declineLabel(name)}
            busy={busy}
            onClick={() => decide(item, 'declined')}
          />
        </>
      ) : null}
      {book && open ? (
        <ItemButton
          tone="primary"
          text={PLAN_TEXT.book}
          label={PLAN_TEXT.bookLabel(name)}
          busy={busy}
          onClick={() => book(item)}
        />
      ) : null}
      {withdraw && open ? (
        <ItemButton
          tone="danger-outline"
          text={PLAN_TEXT.withdraw}
          label={PLAN_TEXT.withdrawLabel(name)}
          busy={busy}
          onClick={() => withdraw(item)}
        />
      ) : null}
    </>
  );
}

/** One small action button of a plan row, named for its item; disabled while the item's action runs. */
function ItemButton({
  tone,
  text,
  label,
  busy,
  onClick,
}: {
  tone: 'primary' | 'secondary' | 'danger-outline';
  text: string;
  label: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button-${tone} button-small`}
      aria-label={label}
      disabled={busy}
      onClick={onClick}
    >
      {text}
    </button>
  );
}
