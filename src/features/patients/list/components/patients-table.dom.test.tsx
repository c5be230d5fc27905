// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PatientListItem } from '../../model/api/patient-columns';
import { PatientsTable, type PatientRowActions } from './patients-table';

const noActions: PatientRowActions = {
  onOpenHistory: () => {},
  onEdit: () => {},
  onDelete: () => {},
  onOpenCoverage: () => {},
};
const patient = (id: number): PatientListItem => ({
  id,
  name: `Patient ${id}`,
  phone: `0917000${String(id).padStart(4, '0')}`,
  messenger_id: null,
});

function table(patients: PatientListItem[]) {
  return (
    <PatientsTable
      patients={patients}
      query=""
      status="ready"
      deletingId={null}
      actions={noActions}
      onRetry={() => {}}
    />
  );
}

describe('the Patients table', () => {
  it('keeps the rows it showed, buttons and all, when the list grows by a patient added at the top', () => {
    const before = [1, 2, 3, 4, 5].map(patient);
    const { rerender } = render(table(before));
    const lastEdit = screen.getByRole('button', { name: 'Edit Patient 5' });

    rerender(table([patient(6), ...before]));

    expect(screen.getAllByRole('button', { name: /^Edit Patient/ })).toHaveLength(6);
    // The same element: the last row was not left out of a render and mounted again.
    expect(screen.getByRole('button', { name: 'Edit Patient 5' })).toBe(lastEdit);
  });
});
