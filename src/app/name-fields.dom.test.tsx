// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignupPage } from '@/features/auth/components/signup-page';
import { ClinicForm } from '@/features/clinicconfig/form/components/clinic-form';
import { DentistFormModal } from '@/features/dentists/form/components/dentist-form-modal';
import { AddCategoryForm } from '@/features/procedures/add-category/components/add-category-form';
import { AddProcedureRow } from '@/features/procedures/add-procedure/components/add-procedure-row';
import { AddUserModal } from '@/features/usersroles/add-user/components/add-user-modal';
import { EditUserModal } from '@/features/usersroles/edit-user/components/edit-user-modal';
import { renderApp } from '@/testing/render-app';

afterEach(cleanup);

const noop = () => undefined;

/** Each form's name input, rendered alone: nothing is sent, so no request is made. */
const NAME_FIELDS: readonly { form: string; ui: () => ReactElement; label: string | RegExp; note: string }[] = [
  {
    form: 'Add User',
    ui: () => <AddUserModal clinicId={1} onClose={noop} onCreated={noop} />,
    label: 'Name',
    note: 'Name can be at most 200 characters.',
  },
  {
    form: 'Edit User',
    ui: () => (
      <EditUserModal
        clinicId={1}
        isSelf={false}
        viewerIsSuperadmin={false}
        user={{
          id: 7,
          user_id: '00000000-0000-4000-8000-000000000007',
          email: 'rosa@example.test',
          name: 'Rosa Reyes',
          role: 'receptionist',
          clinic_id: 1,
          created_at: '2026-11-01T01:00:00Z',
        }}
        onClose={noop}
        onSaved={noop}
      />
    ),
    label: 'Name',
    note: 'Name can be at most 200 characters.',
  },
  {
    form: 'Add Dentist',
    ui: () => <DentistFormModal clinicId={1} onClose={noop} onSaved={noop} />,
    label: 'Name',
    note: 'Name can be at most 200 characters.',
  },
  {
    form: 'Edit Dentist',
    ui: () => (
      <DentistFormModal
        clinicId={1}
        dentist={{ id: 3, clinic_id: 1, name: 'Dr. Cruz', email: '', phone: '', is_active: true }}
        onClose={noop}
        onSaved={noop}
      />
    ),
    label: 'Name',
    note: 'Name can be at most 200 characters.',
  },
  {
    form: 'Clinic Configuration',
    ui: () => <ClinicForm clinic={null} facebookControls={null} onSaved={noop} onBack={noop} />,
    label: /^Clinic Name/,
    note: 'Clinic Name can be at most 200 characters.',
  },
  {
    form: 'the new category',
    ui: () => <AddCategoryForm clinicId={1} categories={[]} />,
    label: 'New category name',
    note: 'Name can be at most 200 characters.',
  },
  {
    form: 'the new procedure row',
    ui: () => (
      <table>
        <tbody>
          <AddProcedureRow clinicId={1} category={{ id: 4, name: 'Restorative', procedures: [] }} />
        </tbody>
      </table>
    ),
    label: 'New procedure name in Restorative',
    note: 'Name can be at most 200 characters.',
  },
  { form: 'Sign Up', ui: () => <SignupPage />, label: 'Name', note: 'Name can be at most 100 characters.' },
  {
    form: 'Sign Up',
    ui: () => <SignupPage />,
    label: 'Clinic Name',
    note: 'Clinic Name can be at most 100 characters.',
  },
];

function render(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

describe('name fields', () => {
  it.each(NAME_FIELDS)(
    'when 302 characters are pasted into $form’s $label, then it keeps what fits and says “$note”',
    async ({ ui, label, note }) => {
      const user = userEvent.setup();
      render(ui());
      const input = screen.getByLabelText<HTMLInputElement>(label);
      await user.click(input);
      await user.clear(input);
      expect(screen.queryByText(note)).toBeNull();

      await user.paste('n'.repeat(302));

      const limit = Number(/at most (\d+)/.exec(note)?.[1]);
      expect(input.value).toBe('n'.repeat(limit));
      expect(input.maxLength).toBe(limit);
      const shown = screen.getByText(note);
      expect(shown.closest('[role="status"]')).not.toBeNull();
      const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(note);
    },
  );
});
