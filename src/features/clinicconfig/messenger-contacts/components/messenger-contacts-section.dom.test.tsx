// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientRow } from '@/lib/database.types';
import { FeatureSlotsContext, type CreatePatientModalProps, type FeatureSlots } from '@/lib/feature-slots';
import { failNext, realStack, rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { MessengerContactsSection } from './messenger-contacts-section';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
});

const PAGE = '1000000000000001';
const maria = {
  clinic_id: 1,
  page_id: PAGE,
  psid: '7100000000000001',
  display_name: 'Maria Dela Cruz',
  profile_pic_url: 'http://localhost/_meta/avatars/7100000000000001.svg',
  first_message: "Hi, I'd like to book a cleaning for next week, preferably in the morning",
  first_message_at: '2030-01-06T23:30:00Z',
  last_inbound_at: '2030-01-07T01:05:00Z',
};
const unknown = {
  clinic_id: 1,
  page_id: PAGE,
  psid: '7100000000000002',
  display_name: null,
  profile_pic_url: null,
  first_message: null,
  first_message_at: null,
  last_inbound_at: '2030-01-07T03:00:00Z',
};

async function renderSection(
  options: { patients?: Partial<PatientRow>[]; contacts?: object[]; slots?: Partial<FeatureSlots> } = {},
) {
  await seed.patients(
    options.patients ?? [
      { id: 1, name: 'Ana Santos', phone: '0917 555 0101', messenger_id: null },
      { id: 2, name: 'Ben Cruz', phone: '0918 555 0202', messenger_id: '555' },
    ],
  );
  await seed.messenger_contacts((options.contacts ?? [maria, unknown]) as never);
  const user = await signInAs({ role: 'admin', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const slots: FeatureSlots = { AddInvoiceModal: null, PatientInvoices: null, ...options.slots };
  renderApp(
    <QueryClientProvider client={queryClient}>
      <FeatureSlotsContext.Provider value={slots}>
        <MessengerContactsSection clinicId={1} />
      </FeatureSlotsContext.Provider>
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
  return { user: userEvent.setup() };
}

const list = () => screen.getByRole('list', { name: 'Unlinked Messenger contacts' });
const items = () => within(list()).queryAllByRole('listitem');
const item = (name: string) => screen.getByRole('listitem', { name });

describe('Messenger contacts', () => {
  it('lists the clinic’s unlinked senders, the latest first, with picture, name, first message and clinic time', async () => {
    await renderSection({
      contacts: [
        maria,
        unknown,
        { ...maria, psid: '7100000000000003', display_name: 'Linked Already', patient_id: 1 },
        { ...maria, clinic_id: 2, psid: '7100000000000004', display_name: 'Other Clinic' },
      ],
    });
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByRole('list', { name: 'Unlinked Messenger contacts' });
    expect(screen.getByRole('heading', { name: 'Messenger contacts' })).toBeTruthy();
    expect(items().map((entry) => entry.querySelector('.contact-name')?.textContent)).toEqual([
      'Unknown sender',
      'Maria Dela Cruz',
    ]);

    const first = item('Maria Dela Cruz');
    const picture = within(first).getByRole('img', { name: 'Maria Dela Cruz' });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe(maria.profile_pic_url);
    const message = within(first).getByRole('button', { name: maria.first_message });
    expect(message.getAttribute('title')).toBe(maria.first_message);
    // 01:05 UTC is 9:05 AM in Manila.
    expect(within(first).getByText('Last message Jan 7, 2030, 9:05 AM')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Link to patient' })).toBeTruthy();

    const anonymous = item('Unknown sender');
    expect(within(anonymous).getByRole('img', { name: 'Unknown sender' }).textContent).toBe('?');
    expect(within(anonymous).getByText('(no text message)')).toBeTruthy();
  });

  it('shows the initials when the picture fails to load', async () => {
    await renderSection({ contacts: [maria] });
    const picture = await screen.findByRole('img', { name: 'Maria Dela Cruz' });
    fireEvent.error(picture);
    const fallback = screen.getByRole('img', { name: 'Maria Dela Cruz' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('MC');
  });

  it('says when there is nobody to link', async () => {
    await renderSection({ contacts: [{ ...maria, patient_id: 1 }] });
    expect(await screen.findByText('No unlinked Messenger contacts.')).toBeTruthy();
  });

  it('shows the first 100 and says there are more', async () => {
    await renderSection({
      contacts: Array.from({ length: 101 }, (_, index) => ({
        ...unknown,
        psid: String(7200000000000000 + index),
        last_inbound_at: new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString(),
      })),
    });
    await screen.findByRole('list', { name: 'Unlinked Messenger contacts' });
    expect(items()).toHaveLength(100);
    expect(screen.getByText('Showing the 100 most recent. Link some to see the others.')).toBeTruthy();
  });

  it('offers Retry when the list cannot be read, and Refresh reads it again', async () => {
    failNext({ method: 'GET', table: 'messenger_contacts' });
    const { user } = await renderSection({ contacts: [] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the Messenger contacts.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No unlinked Messenger contacts.');

    await seed.messenger_contacts([maria]);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('listitem', { name: 'Maria Dela Cruz' });
  });
});

describe('Link to patient', () => {
  async function openLink(user: ReturnType<typeof userEvent.setup>, name: string) {
    await screen.findByRole('listitem', { name });
    await user.click(within(item(name)).getByRole('button', { name: 'Link to patient' }));
    return screen.getByRole('dialog', { name: 'Link to patient' });
  }

  it('links the sender to the patient picked with the keyboard, after a confirmation', async () => {
    const { user } = await renderSection();
    const dialog = await openLink(user, 'Maria Dela Cruz');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select a patient.');

    const patient = within(dialog).getByRole('combobox', { name: 'Patient' });
    await user.type(patient, 'ana');
    await within(dialog).findByRole('option', { name: 'Ana Santos, 0917 555 0101' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((patient as HTMLInputElement).value).toBe('Ana Santos');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));

    expect(await screen.findByText('Link the Messenger contact Maria Dela Cruz to Ana Santos?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, link' }));

    expect(await screen.findByText('Maria Dela Cruz is now linked to Ana Santos.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link to patient' })).toBeNull());
    expect(screen.queryByRole('listitem', { name: 'Maria Dela Cruz' })).toBeNull();
    expect((await rows('patients', { id: 1 }))[0]?.messenger_id).toBe(maria.psid);
    expect((await rows('messenger_contacts', { psid: maria.psid }))[0]?.patient_id).toBe(1);
    expect(items()).toHaveLength(1);
  });

  it('says the patient’s other Messenger ID will be replaced, and changes nothing when cancelled', async () => {
    const { user } = await renderSection();
    const dialog = await openLink(user, 'Maria Dela Cruz');
    await user.type(within(dialog).getByRole('combobox', { name: 'Patient' }), 'ben');
    await user.click(await within(dialog).findByRole('option', { name: 'Ben Cruz, 0918 555 0202' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(
      await screen.findByText(
        'Link the Messenger contact Maria Dela Cruz to Ben Cruz? Ben Cruz is already linked to another Messenger ID. ' +
          'Linking replaces it: reminders will go to this contact instead.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Yes, link' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Link to patient' })).toBeTruthy();
    expect((await rows('patients', { id: 2 }))[0]?.messenger_id).toBe('555');
  });

  it('replaces nothing unwarned when the patient was linked to another sender meanwhile, and says to whom', async () => {
    const pedro = {
      ...maria,
      psid: '7100000000000003',
      display_name: 'Pedro Reyes',
      last_inbound_at: maria.first_message_at,
    };
    const { user } = await renderSection({ contacts: [maria, unknown, pedro] });
    const dialog = await openLink(user, 'Maria Dela Cruz');
    await user.type(within(dialog).getByRole('combobox', { name: 'Patient' }), 'ana');
    await user.click(await within(dialog).findByRole('option', { name: 'Ana Santos, 0917 555 0101' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    // Ana has no Messenger ID as the dialog read her: no warning.
    expect(await screen.findByText('Link the Messenger contact Maria Dela Cruz to Ana Santos?')).toBeTruthy();
    // Meanwhile another desk links Pedro to Ana.
    await realStack().query(`update public.patients set messenger_id = '${pedro.psid}' where id = 1`);
    await user.click(screen.getByRole('button', { name: 'Yes, link' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Nothing was linked: someone else linked Ana Santos to the Messenger contact Pedro Reyes meanwhile. ' +
        'Link again to replace that link, or choose another patient.',
    );
    expect((await rows('patients', { id: 1 }))[0]?.messenger_id).toBe(pedro.psid);
    expect((await rows('messenger_contacts', { psid: maria.psid }))[0]?.patient_id).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Link to patient' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Maria Dela Cruz' })).toBeTruthy();
    // Pedro is linked now: the list read again without him.
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Pedro Reyes' })).toBeNull());

    // Linking again warns of the link it replaces, and then replaces it.
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(
      await screen.findByText(
        'Link the Messenger contact Maria Dela Cruz to Ana Santos? Ana Santos is already linked to another Messenger ID. ' +
          'Linking replaces it: reminders will go to this contact instead.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, link' }));
    expect(await screen.findByText('Maria Dela Cruz is now linked to Ana Santos.')).toBeTruthy();
    expect((await rows('patients', { id: 1 }))[0]?.messenger_id).toBe(maria.psid);
  });

  it('keeps the dialog open with the reason when another patient already has this Messenger ID', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderSection({
      patients: [
        { id: 1, name: 'Ana Santos', phone: '0917 555 0101', messenger_id: null },
        { id: 2, name: 'Ben Cruz', phone: '0918 555 0202', messenger_id: maria.psid },
      ],
    });
    const dialog = await openLink(user, 'Maria Dela Cruz');
    await user.type(within(dialog).getByRole('combobox', { name: 'Patient' }), 'ana');
    await user.click(await within(dialog).findByRole('option', { name: 'Ana Santos, 0917 555 0101' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, link' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This Messenger contact is already linked to another patient.',
    );
    expect((await rows('patients', { id: 1 }))[0]?.messenger_id).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Maria Dela Cruz' })).toBeTruthy();

    failNext({ method: 'PATCH', table: 'patients' });
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Could not link the contact. Please try again.'),
    );
  });
});

describe('Create patient', () => {
  it('opens the patients’ form with the sender’s name and id, and the saved contact leaves the list', async () => {
    const opened: CreatePatientModalProps[] = [];
    function StubCreatePatient(props: CreatePatientModalProps) {
      opened.push(props);
      return (
        <button
          type="button"
          onClick={async () => {
            await seed.patients([
              { clinic_id: 1, name: props.prefill.name, phone: '0919', messenger_id: props.prefill.messengerId },
            ]);
            props.onSaved('Patient added!');
          }}
        >
          Stub save
        </button>
      );
    }
    const { user } = await renderSection({ slots: { CreatePatientModal: StubCreatePatient } });
    await screen.findByRole('listitem', { name: 'Maria Dela Cruz' });
    await user.click(within(item('Maria Dela Cruz')).getByRole('button', { name: 'Create patient' }));
    expect(opened.at(-1)?.prefill).toEqual({ name: 'Maria Dela Cruz', messengerId: maria.psid });
    await user.click(screen.getByRole('button', { name: 'Stub save' }));
    expect(await screen.findByText('Patient added!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Maria Dela Cruz' })).toBeNull());
    expect(items()).toHaveLength(1);
  });

  it('is not offered when the app has no patients form to open', async () => {
    await renderSection();
    await screen.findByRole('listitem', { name: 'Maria Dela Cruz' });
    expect(screen.queryByRole('button', { name: 'Create patient' })).toBeNull();
  });
});
