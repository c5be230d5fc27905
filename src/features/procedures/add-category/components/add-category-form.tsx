import { useId, useState } from 'react';
import { Field, controlClass } from '@/components/form/field';
import { lengthLimitNote } from '@/components/form/length-limit';
import { useZodForm } from '@/components/form/use-zod-form';
import { useToast } from '@/components/toast/toast-context';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { duplicateNameText, failureText } from '../../model/failure-text';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from '../../model/messages';
import { MAX_NAME_LENGTH } from '../../model/names';
import type { ProcedureCategory } from '../../model/types';
import { useAddCategory } from '../api/add-category';
import { addCategorySchema } from '../api/add-category.schema';

/**
 * The new category name and 'Add Category'. Enter adds. A refused name is told at the
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
  const form = useZodForm(addCategorySchema(categories), { defaultValues: { name: '' } });
  const fieldError = form.formState.errors.name?.message;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(
    async ({ name }) => {
      try {
        if ((await add.mutateAsync(name)) === ALREADY_PENDING) return;
        form.reset();
        toast(PROCEDURES_EXTRA_TEXT.categoryAdded);
      } catch (error) {
        const duplicate = duplicateNameText('addCategory', error);
        if (duplicate) form.setError('name', { message: duplicate });
        else setFailure(failureText('addCategory', error));
      }
    },
    () => setFailure(null),
  );

  return (
    <form
      className="procedures-add-category"
      onSubmit={(event) => {
        setFailure(null);
        void submit(event);
      }}
      noValidate
    >
      <Field
        id={`${id}-name`}
        label={PROCEDURES_EXTRA_TEXT.newCategoryLabel}
        error={fieldError}
        className="procedures-add-category-field"
        hint={lengthLimitNote(PROCEDURES_EXTRA_TEXT.nameLimitLabel, form.watch('name'), MAX_NAME_LENGTH)}
        hintPlacement="before-error"
      >
        {(control) => (
          <input
            {...control}
            className={controlClass('input', fieldError)}
            type="text"
            autoComplete="off"
            placeholder={PROCEDURES_EXTRA_TEXT.newCategoryPlaceholder}
            maxLength={MAX_NAME_LENGTH}
            {...form.register('name', { onChange: () => form.clearErrors('name') })}
          />
        )}
      </Field>
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
