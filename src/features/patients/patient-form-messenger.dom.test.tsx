// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failNext, realStack, rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { CreatePatientModal } from './form/components/create-patient-modal';
import { PatientsView } from './patients-screen';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

const MARIA_PSID = '7100000000000001';

async function render(ui: ReactElement) {
  await seed.patients([
    { id: 1, name: 'Ana Santos', phone: '0917 555 0101', messenger_id: MARIA_PSID },
    { id: 2, name: 'Ben Cruz', phone: '0918 555 0202', messenger_id: 'typed-by-hand' },
    { id: 3, name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: null },
  ]);
  await seed.messenger_contacts([
    {
      clinic_id: 1,
      page_id: '1000000000000001',
      psid: MARIA_PSID,
      patient_id: 1,
      display_name: 'Maria Dela Cruz',
      profile_pic_url: 'http://localhost/_meta/avatars/7100000000000001.svg',
    },
  ]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const signedIn = await signInAs({ role: 'receptionist', clinic_id: 1 });
  renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    session: createSession({ user: signedIn }),
  });
  return { user: userEvent.setup() };
}

const storedPatient = async (id: number) => (await rows('patients', { id }))[0];
const updatePatient = (id: number, change: Record<string, unknown>) =>
  realStack().query(
    `update public.patients p set ${Object.keys(change)
      .map((column) => `${column} = r.${column}`)
      .join(', ')} from json_populate_record(null::public.patients, $2::json) r where p.id = $1`,
    [id, JSON.stringify(change)],
  );

async function editPatient(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByText(/^Total number of patients: /);
  await user.click(screen.getByRole('button', { name: `Edit ${name}` }));
  // The form's code is a chunk of its own, loaded on first use.
  return screen.findByRole('dialog', { name: 'Edit Patient' });
}

describe('Edit Patient’s Messenger link', () => {
  it('shows who the Messenger ID belongs to, and Unlink clears only that after a confirmation', async () => {
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Ana Santos');
    const link = within(modal).getByRole('group', { name: 'Linked to Messenger' });
    const picture = await within(link).findByRole('img', { name: 'Maria Dela Cruz' });
    expect(picture.getAttribute('src')).toBe('http://localhost/_meta/avatars/7100000000000001.svg');
    expect(within(link).getByText('Maria Dela Cruz')).toBeTruthy();
    expect(within(link).getByText(`ID ${MARIA_PSID}`)).toBeTruthy();
    fireEvent.error(picture);
    expect(within(link).getByRole('img', { name: 'Maria Dela Cruz' }).textContent).toBe('MC');

    await user.type(within(modal).getByLabelText('Name'), ' Jr.');
    await user.click(within(link).getByRole('button', { name: 'Unlink' }));
    expect(
      await screen.findByText(
        "Ana Santos will no longer get reminders or notices on Messenger until linked again. The contact goes back to Clinic Config's Messenger contacts.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, unlink' }));

    expect(await within(modal).findByText('Unlinked from Messenger.')).toBeTruthy();
    expect(within(modal).queryByRole('group', { name: 'Linked to Messenger' })).toBeNull();
    expect((within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement).value).toBe('');
    expect(await storedPatient(1)).toMatchObject({ name: 'Ana Santos', messenger_id: null });
    // The list row follows at once.
    await waitFor(() => expect(screen.getAllByRole('row')[1]?.textContent).not.toContain(MARIA_PSID));
  });

  it('shows just the ID when nobody with it has written to the page, and nothing without one', async () => {
    const { user } = await render(<PatientsView />);
    let modal = await editPatient(user, 'Ben Cruz');
    const link = within(modal).getByRole('group', { name: 'Linked to Messenger' });
    expect(await within(link).findByText('ID typed-by-hand')).toBeTruthy();
    await waitFor(() => expect(within(link).queryByRole('img')).toBeNull());
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));

    modal = await editPatient(user, 'Carla Reyes');
    expect(within(modal).queryByRole('group', { name: 'Linked to Messenger' })).toBeNull();
  });

  it('unlinks nothing when the patient was linked to another ID meanwhile, and shows that link', async () => {
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Ana Santos');
    await within(modal).findByText(`ID ${MARIA_PSID}`);
    // Clinic Config's 'Link to patient' with another sender, from another desk.
    const RELINKED_PSID = '7100000000000042';
    await updatePatient(1, { messenger_id: RELINKED_PSID });

    const unlinkButton = within(modal).getByRole('button', { name: 'Unlink' });
    await user.click(unlinkButton);
    await user.click(await screen.findByRole('button', { name: 'Yes, unlink' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Nothing was unlinked: someone else linked this patient to another Messenger ID meanwhile. The form now shows that link.',
    );
    // The confirmation gives focus back to Unlink a moment after closing: typing starts after that.
    await waitFor(() => expect(document.activeElement).toBe(unlinkButton));
    expect((await storedPatient(1))?.messenger_id).toBe(RELINKED_PSID);
    const link = within(modal).getByRole('group', { name: 'Linked to Messenger' });
    expect(within(link).getByText(`ID ${RELINKED_PSID}`)).toBeTruthy();
    expect((within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement).value).toBe(RELINKED_PSID);

    // Saving the form now keeps that link.
    await user.type(within(modal).getByLabelText('Name'), ' Jr.');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Patient' })).toBeNull());
    expect(await storedPatient(1)).toMatchObject({ name: 'Ana Santos Jr.', messenger_id: RELINKED_PSID });
  });

  it('says so when the unlink fails, and keeps the link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Ana Santos');
    failNext({ method: 'PATCH', table: 'patients' });
    await user.click(within(modal).getByRole('button', { name: 'Unlink' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, unlink' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe('Could not unlink from Messenger.');
    expect(within(modal).getByRole('group', { name: 'Linked to Messenger' })).toBeTruthy();
    expect((await storedPatient(1))?.messenger_id).toBe(MARIA_PSID);
  });

  it('says plainly when another patient of the clinic already has the typed Messenger ID', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Carla Reyes');
    await user.type(within(modal).getByLabelText(/Messenger ID/), MARIA_PSID);
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error updating patient.Another patient of this clinic already has this Messenger ID.',
    );
    expect((within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement).value).toBe(MARIA_PSID);
    expect((await storedPatient(3))?.messenger_id).toBeNull();
  });
});

describe('Edit Patient when someone else saved the patient meanwhile', () => {
  const CHANGED =
    'Someone else changed this patient while you were editing. The form now shows their changes, with yours kept: check it, then save again.';

  it('keeps a Messenger link made in Clinic Config while the form was open, and the phone typed here', async () => {
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Carla Reyes');
    const phone = within(modal).getByLabelText('Phone') as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '0919 777 9999');
    // Clinic Config's 'Link to patient', from another screen.
    const LINKED_PSID = '7100000000000009';
    await updatePatient(3, { messenger_id: LINKED_PSID });

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(CHANGED);
    expect(await storedPatient(3)).toMatchObject({ phone: '0919 777 0303', messenger_id: LINKED_PSID });
    expect((within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement).value).toBe(LINKED_PSID);
    expect(phone.value).toBe('0919 777 9999');
    expect(within(modal).getByRole('group', { name: 'Linked to Messenger' })).toBeTruthy();

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Patient' })).toBeNull());
    expect(await storedPatient(3)).toMatchObject({
      name: 'Carla Reyes',
      phone: '0919 777 9999',
      messenger_id: LINKED_PSID,
    });
  });

  it('keeps what was typed over a field the other person changed too, and says so before writing it', async () => {
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Ben Cruz');
    const name = within(modal).getByLabelText('Name') as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Benjamin Cruz');
    await updatePatient(2, { name: 'Ben Cruz Sr.', phone: '0918 555 0000' });

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(CHANGED);
    expect(name.value).toBe('Benjamin Cruz');
    expect((within(modal).getByLabelText('Phone') as HTMLInputElement).value).toBe('0918 555 0000');
    expect(await storedPatient(2)).toMatchObject({ name: 'Ben Cruz Sr.', phone: '0918 555 0000' });
  });

  it('saves against the link as it is after Unlink in the same form', async () => {
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Ana Santos');
    await user.click(within(modal).getByRole('button', { name: 'Unlink' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, unlink' }));
    await within(modal).findByText('Unlinked from Messenger.');
    await user.type(within(modal).getByLabelText('Name'), ' Jr.');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Patient' })).toBeNull());
    expect(await storedPatient(1)).toMatchObject({ name: 'Ana Santos Jr.', messenger_id: null });
  });

  it('says the patient is gone when it was deleted meanwhile, and writes nothing', async () => {
    const { user } = await render(<PatientsView />);
    const modal = await editPatient(user, 'Carla Reyes');
    await user.type(within(modal).getByLabelText('Name'), ' Jr.');
    await updatePatient(3, { deleted: true });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error updating patient.This patient no longer exists. It may have been deleted in another tab or by another user.',
    );
    expect(await storedPatient(3)).toMatchObject({ name: 'Carla Reyes', deleted: true });
  });
});

describe('Add Patient from a Messenger contact (the CreatePatientModal slot)', () => {
  it('starts with the sender’s name and Messenger ID, needs the phone, and saves all three', async () => {
    const onSaved = vi.fn();
    const { user } = await render(
      <CreatePatientModal
        clinicId={1}
        prefill={{ name: 'Dana Lim', messengerId: '7100000000000009' }}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    const modal = screen.getByRole('dialog', { name: 'Add Patient' });
    expect((within(modal).getByLabelText('Name') as HTMLInputElement).value).toBe('Dana Lim');
    expect((within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement).value).toBe('7100000000000009');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(within(modal).getByRole('alert').textContent).toBe('All patient fields are required.');

    await user.type(within(modal).getByLabelText('Phone'), '0920 555 0404');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Patient added!'));
    expect(await rows('patients', { name: 'Dana Lim' })).toEqual([
      expect.objectContaining({ clinic_id: 1, phone: '0920 555 0404', messenger_id: '7100000000000009' }),
    ]);
  });

  it('says plainly when a patient of the clinic already has that Messenger ID', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSaved = vi.fn();
    const { user } = await render(
      <CreatePatientModal
        clinicId={1}
        prefill={{ name: 'Maria Dela Cruz', messengerId: MARIA_PSID }}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    const modal = screen.getByRole('dialog', { name: 'Add Patient' });
    await user.type(within(modal).getByLabelText('Phone'), '0920');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error creating patient.Another patient of this clinic already has this Messenger ID.',
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(await rows('patients', { name: 'Maria Dela Cruz' })).toEqual([]);
  });
});
