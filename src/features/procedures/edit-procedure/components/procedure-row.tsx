import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import {
  ProcedureDraftCells,
  ProcedureFailureRow,
  ProcedureSubmitButton,
  useProcedureDraft,
} from '../../model/components/procedure-draft';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import { priceInputOf } from '../../model/price';
import type { Procedure, ProcedureCategory } from '../../model/types';
import { getProcedure } from '../api/get-procedure';
import { useUpdateProcedure } from '../api/update-procedure';
import { saveProcedureEdit, storedFieldsOf } from '../save-procedure';

export interface DeleteActionProps {
  clinicId: number;
  procedure: Procedure;
}

/**
 * A procedure's row: its name, its price in pesos, and Edit and Delete (the screen passes the
 * delete slice's button). Edit turns the row into inputs with Save and Cancel; Enter saves,
 * Escape cancels. A refused or failed save keeps the row in edit mode with what was typed; a save
 * made elsewhere meanwhile is not overwritten: the row shows it where this user changed nothing
 * (../save-procedure.ts).
 */
export function ProcedureRow({
  clinicId,
  category,
  procedure,
  DeleteAction,
}: {
  clinicId: number;
  category: ProcedureCategory;
  procedure: Procedure;
  DeleteAction: ComponentType<DeleteActionProps>;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const stopEditing = () => {
    setEditing(false);
    // Back to the button that opened the editor, so the keyboard user stays in place.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  if (editing) return <EditingRow clinicId={clinicId} category={category} procedure={procedure} onDone={stopEditing} />;
  return (
    <tr data-procedure-id={procedure.id}>
      <td className="procedures-name">{procedure.name}</td>
      <td className="procedures-price-cell">{formatPesos(procedure.priceCentavos)}</td>
      <td className="procedures-actions">
        <button
          ref={editButton}
          type="button"
          className="button button-secondary"
          aria-label={PROCEDURES_EXTRA_TEXT.editLabel(procedure.name)}
          onClick={() => setEditing(true)}
        >
          {PROCEDURES_TEXT.edit}
        </button>
        <DeleteAction clinicId={clinicId} procedure={procedure} />
      </td>
    </tr>
  );
}

function EditingRow({
  clinicId,
  category,
  procedure,
  onDone,
}: {
  clinicId: number;
  category: ProcedureCategory;
  procedure: Procedure;
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useUpdateProcedure(clinicId, procedure.id);
  // The procedure as stored when Edit was clicked (or the row was last brought up to date): the
  // list re-reads while the row is open, and a save only goes through while the database still
  // holds this.
  const [opened, setOpened] = useState(() => storedFieldsOf(procedure));
  const draft = useProcedureDraft(
    { name: opened.name, price: priceInputOf(opened.priceCentavos) },
    category,
    procedure.id,
  );

  const submit = () =>
    draft.submit(async ({ name, priceCentavos }) => {
      const outcome = await saveProcedureEdit(
        { typed: draft.typed(), fields: { name, priceCentavos }, opened },
        {
          write: (fields, stored) => save.mutateAsync({ id: procedure.id, fields, opened: stored }),
          readCurrent: () => getProcedure(clinicId, procedure.id),
        },
      );
      switch (outcome.type) {
        case 'saved':
          toast(outcome.text);
          onDone();
          break;
        case 'changed-meanwhile':
          setOpened(outcome.opened);
          draft.reset(outcome.values);
          draft.setFailure(outcome.text);
          break;
        case 'name-taken':
          draft.refuseName(outcome.text);
          break;
        case 'gone':
          toast(outcome.text, { tone: 'error' });
          break;
        case 'failed':
          draft.setFailure(outcome.text);
          break;
      }
    });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <>
      <tr data-procedure-id={procedure.id} className="procedures-editing">
        <ProcedureDraftCells
          draft={draft}
          nameLabel={PROCEDURES_EXTRA_TEXT.editNameLabel(procedure.name)}
          priceLabel={PROCEDURES_EXTRA_TEXT.editPriceLabel(procedure.name)}
          autoFocus
          onKeyDown={onKeyDown}
        />
        <td className="procedures-actions">
          <ProcedureSubmitButton
            label={PROCEDURES_TEXT.save}
            ariaLabel={PROCEDURES_EXTRA_TEXT.saveLabel(procedure.name)}
            pending={save.isPending}
            onSubmit={submit}
          />
          <button
            type="button"
            className="button button-secondary"
            aria-label={PROCEDURES_EXTRA_TEXT.cancelLabel(procedure.name)}
            onClick={onDone}
          >
            {PROCEDURES_TEXT.cancel}
          </button>
        </td>
      </tr>
      <ProcedureFailureRow failure={draft.failure} />
    </>
  );
}
