// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

afterEach(cleanup);

interface Patient {
  id: number;
  name: string;
  phone: string;
}

const columns: Column<Patient>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'phone', header: 'Phone', render: (row) => row.phone },
  { key: 'actions', header: 'Actions', align: 'end', render: (row) => <button>Edit {row.name}</button> },
];

describe('DataTable', () => {
  it('renders a named table with a row per item', () => {
    render(
      <DataTable
        caption="Patients"
        columns={columns}
        rowKey={(row) => row.id}
        rows={[
          { id: 1, name: 'Juan dela Cruz', phone: '0917 123 4567' },
          { id: 2, name: 'Maria Santos', phone: '0918 765 4321' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Patients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Phone', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Edit Maria Santos' })).toBeTruthy();
  });

  it('shows a loading state, then an empty state', () => {
    const { rerender } = render(
      <DataTable caption="Patients" columns={columns} rowKey={(row) => row.id} rows={[]} loading />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    rerender(
      <DataTable
        caption="Patients"
        columns={columns}
        rowKey={(row) => row.id}
        rows={[]}
        emptyText="No patients yet."
      />,
    );
    expect(screen.getByText('No patients yet.')).toBeTruthy();
  });
});
