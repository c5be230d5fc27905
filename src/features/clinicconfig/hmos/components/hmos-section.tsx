import { useState, type ReactElement } from 'react';
import { Panel } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { DataTable } from '@/components/table/data-table';
import { useHmos, type Hmo } from '../api/get-hmos';
import { pesosText } from '../hmo-forms';
import { HMO_TEXT } from '../messages';
import { CoverageModal } from './coverage-modal';
import { HmoFormModal } from './hmo-form-modal';
import './hmos.css';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; hmo: Hmo } | { kind: 'coverage'; hmoId: number } | null;

/**
 * Clinic Config's 'Accredited HMOs': the HMOs the clinic bills, their claim deadline, annual
 * limit per patient and active flag, and what each covers. Admins manage them (hmos.manage).
 */
export function HmosSection({ clinicId }: { clinicId: number }): ReactElement {
  const hmos = useHmos(clinicId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const actions = (hmo: Hmo) => (
    <span className="hmos-actions">
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={HMO_TEXT.coverageLabel(hmo.name)}
        onClick={() => setDialog({ kind: 'coverage', hmoId: hmo.id })}
      >
        {HMO_TEXT.coverage}
      </button>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={HMO_TEXT.editLabel(hmo.name)}
        onClick={() => setDialog({ kind: 'edit', hmo })}
      >
        {HMO_TEXT.edit}
      </button>
    </span>
  );

  let body: ReactElement;
  if (hmos.isPending) body = <LoadingState label={HMO_TEXT.loading} />;
  else if (hmos.isError) body = <ErrorState title={HMO_TEXT.loadFailed} onRetry={() => void hmos.refetch()} />;
  else if (hmos.data.length === 0) body = <EmptyState title={HMO_TEXT.empty} />;
  else
    body = (
      <DataTable
        caption={HMO_TEXT.title}
        rows={hmos.data}
        rowKey={(hmo) => hmo.id}
        columns={[
          { key: 'name', header: HMO_TEXT.columns.name, render: (hmo) => hmo.name },
          {
            key: 'deadline',
            header: HMO_TEXT.columns.deadline,
            render: (hmo) => HMO_TEXT.days(hmo.claim_deadline_days),
          },
          {
            key: 'limit',
            header: HMO_TEXT.columns.limit,
            render: (hmo) => (hmo.annual_limit === null ? HMO_TEXT.noLimit : pesosText(hmo.annual_limit)),
          },
          { key: 'covered', header: HMO_TEXT.columns.covered, render: (hmo) => hmo.hmo_coverages.length },
          {
            key: 'active',
            header: HMO_TEXT.columns.active,
            render: (hmo) => (hmo.active ? HMO_TEXT.yes : HMO_TEXT.no),
          },
          { key: 'actions', header: HMO_TEXT.columns.actions, align: 'end', render: (hmo) => actions(hmo) },
        ]}
      />
    );

  const coverageOf = dialog?.kind === 'coverage' ? hmos.data?.find((hmo) => hmo.id === dialog.hmoId) : undefined;
  return (
    <Panel
      card
      className="hmos"
      title={HMO_TEXT.title}
      intro={<p className="section-note">{HMO_TEXT.intro}</p>}
      tools={
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'add' })}>
          {HMO_TEXT.add}
        </button>
      }
    >
      {body}
      {dialog?.kind === 'add' ? <HmoFormModal clinicId={clinicId} hmo={null} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <HmoFormModal clinicId={clinicId} hmo={dialog.hmo} onClose={close} /> : null}
      {coverageOf ? <CoverageModal clinicId={clinicId} hmo={coverageOf} onClose={close} /> : null}
    </Panel>
  );
}
