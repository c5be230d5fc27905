import { useId, useState } from 'react';
import { clinicToday } from '@common/clinic-calendar';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { DataTable } from '@/components/table/data-table';
import { useClinicZone } from '@/entities/clinic';
import { HmoCardStatusBadge, usePatientHmoCards, type PatientHmoCard } from '@/entities/patient';
import { useNow } from '@/lib/use-now';
import { failureText } from '../../model/failure-text';
import { useRemoveHmoCard } from '../api/hmo-cards';
import { COVERAGE_TEXT } from '../messages';
import { AddHmoCardForm } from './add-hmo-card-form';

/** The patient's cards, valid ones first, each with its status on today's clinic day; add and remove. */
export function HmoCardsSection({ clinicId, patientId }: { clinicId: number; patientId: number }) {
  const titleId = useId();
  const { timeZone } = useClinicZone(clinicId);
  const today = clinicToday(useNow(), timeZone);
  const cards = usePatientHmoCards(clinicId, patientId, today);
  const remove = useRemoveHmoCard(clinicId, patientId);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  async function onRemove(card: PatientHmoCard) {
    setMessage(null);
    try {
      await remove.mutateAsync(card.id);
    } catch (error) {
      setMessage(failureText(error, COVERAGE_TEXT.removeFailed));
    }
  }

  let body;
  if (cards.isPending) body = <LoadingState label={COVERAGE_TEXT.cardsLoading} />;
  else if (cards.isError) body = <ErrorState title={COVERAGE_TEXT.cardsFailed} onRetry={() => void cards.refetch()} />;
  else if (cards.data.length === 0) body = <EmptyState title={COVERAGE_TEXT.cardsEmpty} />;
  else
    body = (
      <>
        <p className="coverage-caption">{COVERAGE_TEXT.cardsCaption(today)}</p>
        <DataTable
          caption={COVERAGE_TEXT.cardsTitle}
          rows={cards.data}
          rowKey={(card) => card.id}
          columns={[
            { key: 'hmo', header: COVERAGE_TEXT.columns.hmo, render: (card) => card.hmo_name },
            { key: 'member', header: COVERAGE_TEXT.columns.member, render: (card) => card.member_number },
            { key: 'company', header: COVERAGE_TEXT.columns.company, render: (card) => card.company ?? '' },
            {
              key: 'validity',
              header: COVERAGE_TEXT.columns.validity,
              render: (card) => COVERAGE_TEXT.validity(card.valid_from, card.valid_until),
            },
            {
              key: 'status',
              header: COVERAGE_TEXT.columns.status,
              render: (card) => <HmoCardStatusBadge status={card.status} />,
            },
            {
              key: 'actions',
              header: COVERAGE_TEXT.columns.actions,
              align: 'end',
              render: (card) => (
                <button
                  type="button"
                  className="button button-danger-outline button-small"
                  aria-label={COVERAGE_TEXT.removeLabel(card.hmo_name, card.member_number)}
                  disabled={remove.isPendingFor(['patients', 'hmo-cards', 'remove', clinicId, card.id])}
                  onClick={() => void onRemove(card)}
                >
                  {COVERAGE_TEXT.remove}
                </button>
              ),
            },
          ]}
        />
      </>
    );

  return (
    <section className="coverage-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="coverage-title">
        {COVERAGE_TEXT.cardsTitle}
      </h3>
      {body}
      <FormMessage message={message} />
      <AddHmoCardForm clinicId={clinicId} patientId={patientId} />
    </section>
  );
}
