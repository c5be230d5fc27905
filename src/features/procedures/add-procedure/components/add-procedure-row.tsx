import { useRef, type KeyboardEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import {
  ProcedureDraftCells,
  ProcedureFailureRow,
  ProcedureSubmitButton,
  useProcedureDraft,
} from '../../model/components/procedure-draft';
import { duplicateNameText, failureText } from '../../model/failure-text';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import { DEFAULT_PRICE_INPUT } from '../../model/price';
import type { ProcedureCategory } from '../../model/types';
import { useAddProcedure } from '../api/add-procedure';

/**
 * A category table's inline row to add a procedure (name, price, Add); the price starts
 * at 0.00. Enter in either field adds. After an add the row is empty again; a refused or
 * failed add keeps what was typed.
 */
export function AddProcedureRow({ clinicId, category }: { clinicId: number; category: ProcedureCategory }) {
  const toast = useToast();
  const add = useAddProcedure(clinicId, category.id);
  const nameRef = useRef<HTMLInputElement>(null);
  const draft = useProcedureDraft({ name: '', price: DEFAULT_PRICE_INPUT }, category);

  const submit = () =>
    draft.submit(
      async (value) => {
        try {
          if ((await add.mutateAsync(value)) === ALREADY_PENDING) return;
          draft.reset({ name: '', price: DEFAULT_PRICE_INPUT });
          nameRef.current?.focus();
          toast(PROCEDURES_EXTRA_TEXT.procedureAdded);
        } catch (error) {
          const duplicate = duplicateNameText('addProcedure', error);
          if (duplicate) draft.refuseName(duplicate);
          else draft.setFailure(failureText('addProcedure', error));
        }
      },
      (refused) => {
        if (refused.name) nameRef.current?.focus();
      },
    );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  return (
    <>
      <tr className="procedures-add-row">
        <ProcedureDraftCells
          draft={draft}
          nameLabel={PROCEDURES_EXTRA_TEXT.newProcedureNameLabel(category.name)}
          priceLabel={PROCEDURES_EXTRA_TEXT.newProcedurePriceLabel(category.name)}
          nameRef={nameRef}
          namePlaceholder={PROCEDURES_EXTRA_TEXT.newProcedurePlaceholder}
          onKeyDown={onKeyDown}
        />
        <td className="procedures-actions">
          <ProcedureSubmitButton
            label={PROCEDURES_TEXT.add}
            ariaLabel={PROCEDURES_EXTRA_TEXT.addProcedureLabel(category.name)}
            pending={add.isPending}
            onSubmit={submit}
          />
        </td>
      </tr>
      <ProcedureFailureRow failure={draft.failure} />
    </>
  );
}
