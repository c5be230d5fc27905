import { useState, type ReactElement } from 'react';
import { Panel } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
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

  let body: ReactElement;
  if (hmos.isPending) body = <LoadingState label={HMO_TEXT.loading} />;
  else if (hmos.isError) body = <ErrorState title={HMO_TEXT.loadFailed} onRetry={() => void hmos.refetch()} />;
  else if (hmos.data.length === 0) body = <EmptyState title={HMO_TEXT.empty} />;
  else
    body = (
      <table className="data-table hmos-table" aria-label={HMO_TEXT.title}>
        <thead>
          <tr>
            {Object.values(HMO_TEXT.columns).map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hmos.data.map((hmo) => (
            <tr key={hmo.id} className={hmo.active ? undefined : 'is-inactive'}>
              <td>{hmo.name}</td>
              <td>{HMO_TEXT.days(hmo.claim_deadline_days)}</td>
              <td>{hmo.annual_limit === null ? HMO_TEXT.noLimit : pesosText(hmo.annual_limit)}</td>
              <td>{hmo.hmo_coverages.length}</td>
              <td>{hmo.active ? HMO_TEXT.yes : HMO_TEXT.no}</td>
              <td className="hmos-actions">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
