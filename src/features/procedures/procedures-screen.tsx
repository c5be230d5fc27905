import { Screen } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { useSession } from '@/lib/session';
import { AddCategoryForm } from './add-category/components/add-category-form';
import { AddProcedureRow } from './add-procedure/components/add-procedure-row';
import { DeleteProcedureButton } from './delete-procedure/components/delete-procedure-button';
import { ProcedureRow } from './edit-procedure/components/procedure-row';
import { useProcedureCategories } from './list/api/get-procedure-categories';
import { CategoryTable } from './list/components/category-table';
import { PROCEDURES_EXTRA_TEXT, PROCEDURES_TEXT } from './model/messages';
import '@/components/table/data-table.css';
import './procedures.css';

/** The Procedures tab for the clinic the user works on. */
export function ProceduresView() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label={PROCEDURES_TEXT.loading} />;
  // A superadmin switching clinics gets a fresh screen: nothing typed is carried across.
  return <ProceduresScreen key={clinic.id} clinicId={clinic.id} />;
}

function ProceduresScreen({ clinicId }: { clinicId: number }) {
  const categories = useProcedureCategories(clinicId);
  const list = categories.data;

  let body;
  if (categories.isPending) body = <LoadingState label={PROCEDURES_TEXT.loading} />;
  else if (!list)
    body = (
      <ErrorState
        title={PROCEDURES_EXTRA_TEXT.loadFailed}
        retryLabel={PROCEDURES_EXTRA_TEXT.retry}
        onRetry={() => void categories.refetch()}
      />
    );
  else if (list.length === 0)
    body = <EmptyState title={PROCEDURES_EXTRA_TEXT.noCategories}>{PROCEDURES_EXTRA_TEXT.noCategoriesHint}</EmptyState>;
  else
    body = list.map((category) => (
      <CategoryTable
        key={category.id}
        category={category}
        addRow={<AddProcedureRow clinicId={clinicId} category={category} />}
      >
        {category.procedures.map((procedure) => (
          <ProcedureRow
            key={procedure.id}
            clinicId={clinicId}
            category={category}
            procedure={procedure}
            DeleteAction={DeleteProcedureButton}
          />
        ))}
      </CategoryTable>
    ));

  return (
    <Screen className="procedures" titleId="procedures-title" title={PROCEDURES_TEXT.title}>
      <AddCategoryForm clinicId={clinicId} categories={list ?? []} />
      <div className="procedures-categories">{body}</div>
    </Screen>
  );
}
