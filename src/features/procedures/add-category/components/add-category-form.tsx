import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { duplicateNameText, failureText } from '../../model/failure-text';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import { readCategoryName } from '../../model/names';
import type { ProcedureCategory } from '../../model/types';
import { useAddCategory } from '../api/add-category';

/**
 * The new category name and 'Add Category' (spec §2). Enter adds. A refused name is told at the
 * field; a failed request keeps the name and says what failed.
 */
export function AddCategoryForm({
  clinicId,
  categories,
}: {
  clinicId: number;
  categories: readonly ProcedureCategory[];
}) {
  const id = useId();
  const toast = useToast();
  const add = useAddCategory(clinicId);
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const read = readCategoryName(name, categories);
    if (!read.ok) {
      setFieldError(read.message);
      return;
    }
    setFieldError(undefined);
    try {
      if ((await add.mutateAsync(read.name)) === ALREADY_PENDING) return;
      setName('');
      toast(PROCEDURES_EXTRA_TEXT.categoryAdded);
    } catch (error) {
      const duplicate = duplicateNameText('addCategory', error);
      if (duplicate) setFieldError(duplicate);
      else setFailure(failureText('addCategory', error));
    }
  }

  const errorId = `${id}-error`;
  return (
    <form className="procedures-add-category" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field procedures-add-category-field">
        <label className="field-label" htmlFor={`${id}-name`}>
          {PROCEDURES_EXTRA_TEXT.newCategoryLabel}
        </label>
        <input
          id={`${id}-name`}
          className={fieldError ? 'input is-invalid' : 'input'}
          type="text"
          autoComplete="off"
          placeholder={PROCEDURES_EXTRA_TEXT.newCategoryPlaceholder}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setFieldError(undefined);
          }}
        />
        {fieldError ? (
          <p id={errorId} className="procedures-field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        {add.isPending ? PROCEDURES_EXTRA_TEXT.saving : PROCEDURES_TEXT.addCategory}
      </button>
      {failure ? (
        <p className="form-message form-message-error procedures-add-category-failure" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
