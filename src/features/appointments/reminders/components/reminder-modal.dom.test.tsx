// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentReminderRow, AppointmentRow } from '@/lib/database.types';
import type { SessionContextValue } from '@/lib/session';
import { failNext, holdNext, pgError, prepareDom, realStack, rows, seed, setupRealDatabase } from '@/testing/real-db';
import { timeOnScreen } from '@/testing/time-on-screen';
import { SENT_A_DAY_AHEAD } from '../testing/log-entry';
import { mockReminderService } from '../testing/reminder-service';
import { renderWithQueries, signedInSession } from '../testing/render';
import { ReminderModal } from './reminder-modal';

// Friday 20 November 2026, 23:30 in Manila: the appointment on Monday the 23rd is 3 days ahead.
const NOW = '2026-11-20T15:30:00Z';

setupRealDatabase();

/** The receptionist of clinic 1 signed in for the test, once its data is arranged. */
let session: SessionContextValue | undefined;

beforeEach(() => {
  session = undefined;
  prepareDom();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  Swal.close();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Clinic 1 with Maria Santos's appointment 501 on Monday 23 November 2026, 9:00 AM Manila (the
 * appointment overridden as told), and these rows of its reminder log; clinic 2 with a dentist
 * and a patient of its own. Returns the service.
 */
async function arrange(appointment: Partial<AppointmentRow> = {}, log: Partial<AppointmentReminderRow>[] = []) {
  await seed.clinics([{ id: 1 }, { id: 2 }]);
  await seed.dentists([
    { id: 1, name: 'Dr. Ana Cruz' },
    { id: 2, name: 'Dr. Other Clinic', clinic_id: 2 },
  ]);
  await seed.patients([
    { id: 1, name: 'Maria Santos', messenger_id: '24680135792468' },
    { id: 3, name: 'Other Clinic Patient', clinic_id: 2 },
  ]);
  await seed.appointments([
    {
      id: 501,
      clinic_id: 1,
      patient_id: 1,
      dentist_id: 1,
      appointment_time: '2026-11-23T09:00:00+08:00',
      ...appointment,
    },
  ]);
  await seed.appointment_reminders(log.map((row) => logEntry(row)));
  return mockReminderService();
}

/** A row of appointment 501's reminder log. */
const logEntry = (overrides: Partial<AppointmentReminderRow> = {}): Partial<AppointmentReminderRow> => ({
  appointment_id: 501,
  clinic_id: 1,
  sent_on: '2026-11-19T01:00:00Z',
  ...SENT_A_DAY_AHEAD,
  ...overrides,
});

const stored = async () => (await rows('appointments', { id: 501 }))[0]!;
/** A change made in another tab, straight in the database. */
const updateAppointment = (change: string) =>
  realStack().query(`update public.appointments set ${change} where id = 501`);

async function renderModal(appointmentId = 501) {
  const onClose = vi.fn();
  session ??= await signedInSession();
  renderWithQueries(
    <ReminderModal clinicId={1} timeZone="Asia/Manila" appointmentId={appointmentId} onClose={onClose} />,
    session,
  );
  return { onClose };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Manage Reminders' }));

async function openedModal(appointmentId?: number) {
  const opened = await renderModal(appointmentId);
  await screen.findByRole('heading', { name: 'Reminder Settings' });
  return opened;
}

const card = (title: string) => within(screen.getByRole('region', { name: title }));
const settings = () => card('Reminder Settings');
const manual = () => card('Manual Reminder Send');
const dayInputs = () => settings().getAllByRole('spinbutton') as HTMLInputElement[];
const dayValues = () => dayInputs().map((input) => input.value);
const removeButtons = () => settings().getAllByRole('button', { name: /^Remove reminder day/ }) as HTMLButtonElement[];
const button = (scope: ReturnType<typeof within>, name: string) =>
  scope.getByRole('button', { name }) as HTMLButtonElement;

/** Waits for the sweetalert2 dialog with this title and checks its text. */
async function expectAlert(title: string, text: string) {
  const popup = await waitFor(() => {
    const element = document.querySelector('.swal2-popup');
    expect(element?.querySelector('.swal2-title')?.textContent).toBe(title);
    return element!;
  });
  expect(popup.querySelector('.swal2-html-container')?.textContent).toBe(text);
  return popup;
}

async function dismissAlert() {
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}

describe('opening the Reminder modal', () => {
  it('shows the patient, the appointment and the three cards, read by id and clinic', async () => {
    await arrange();
    // Other appointments, of this clinic and of another, with other patients.
    await seed.patients([{ id: 2, name: 'Jose Rizal' }]);
    await seed.appointments([
      { id: 502, clinic_id: 1, patient_id: 2, appointment_time: '2026-11-24T10:00:00+08:00' },
      { id: 503, clinic_id: 2, dentist_id: 2, patient_id: 3, appointment_time: '2026-11-25T11:00:00+08:00' },
    ]);
    await openedModal();
    expect(dialog().getByTestId('reminder-patient-name').textContent).toBe('Maria Santos');
    expect(dialog().getByText(/November 23, 2026, 9:00 AM/)).toBeTruthy();
    for (const title of ['Reminder Settings', 'Manual Reminder Send', 'Sent Reminders Log'])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByText('Jose Rizal')).toBeNull();
    expect(screen.queryByText('Other Clinic Patient')).toBeNull();
  });

  it('fills the settings from what is stored', async () => {
    await arrange({
      reminder_enabled: true,
      reminder_days: [3, 1],
      reminder_message: 'Bring your X-ray.',
      reminder_recipient_type: 'guardian',
      guardian_messenger_id: '1357913579',
    });
    await openedModal();
    expect((settings().getByRole('checkbox', { name: 'Enable Reminders' }) as HTMLInputElement).checked).toBe(true);
    expect(dayValues()).toEqual(['3', '1']);
    expect((settings().getByLabelText('Reminder Message') as HTMLTextAreaElement).value).toBe('Bring your X-ray.');
    const recipient = settings().getByLabelText('Recipient') as HTMLSelectElement;
    expect(recipient.value).toBe('guardian');
    expect(Array.from(recipient.options).map((option) => [option.value, option.textContent])).toEqual([
      ['patient', 'Patient'],
      ['guardian', 'Guardian'],
    ]);
    expect(settings().getByText('Sends to Messenger ID 1357913579.')).toBeTruthy();
  });

  it("says 'Oops...' / 'Failed to fetch reminder settings' when the read fails, and retries", async () => {
    await arrange();
    failNext({ method: 'GET', table: 'appointments' });
    await renderModal();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Oops...')).toBeTruthy();
    expect(within(alert).getByText('Failed to fetch reminder settings')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Reminder Settings' });
  });

  it("says 'Appointment not found.' for an appointment that is not there", async () => {
    await arrange();
    await renderModal(999);
    expect((await screen.findByRole('alert')).textContent).toContain('Appointment not found.');
    expect(screen.queryByRole('heading', { name: 'Reminder Settings' })).toBeNull();
  });

  it("says 'Appointment not found.' for a deleted appointment and for one of another clinic", async () => {
    await arrange();
    await seed.appointments([
      { id: 502, clinic_id: 1, patient_id: 1, deleted: true },
      { id: 503, clinic_id: 2, dentist_id: 2, patient_id: 3 },
    ]);
    await renderModal(502);
    expect((await screen.findByRole('alert')).textContent).toContain('Appointment not found.');
    cleanup();
    await renderModal(503);
    expect((await screen.findByRole('alert')).textContent).toContain('Appointment not found.');
    expect(screen.queryByRole('heading', { name: 'Reminder Settings' })).toBeNull();
  });

  it('closes with the × button and with Esc', async () => {
    await arrange();
    const { onClose } = await openedModal();
    fireEvent.click(dialog().getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('reminder settings', () => {
  it('disables every settings input and the send when reminders are off, but not Enable and Save; the send waits for a save', async () => {
    await arrange({ reminder_enabled: false, reminder_days: [2, 1] });
    const user = userEvent.setup();
    await openedModal();
    const enable = settings().getByRole('checkbox', { name: 'Enable Reminders' }) as HTMLInputElement;
    const controls = () => [
      ...dayInputs(),
      ...removeButtons(),
      button(settings(), '+ Add Day'),
      settings().getByLabelText('Reminder Message') as HTMLTextAreaElement,
      settings().getByLabelText('Recipient') as HTMLSelectElement,
    ];
    expect(enable.checked).toBe(false);
    expect(enable.disabled).toBe(false);
    expect(controls().every((control) => control.disabled)).toBe(true);
    expect(button(settings(), 'Save Settings').disabled).toBe(false);
    expect(button(manual(), 'Send Reminder Now').disabled).toBe(true);
    expect(manual().getByText('Reminders are off for this appointment. Enable them to send one.')).toBeTruthy();

    await user.click(enable);
    expect(controls().every((control) => !control.disabled)).toBe(true);
    // The service sends by the saved setting, which is still off: the send waits for Save Settings.
    expect(button(manual(), 'Send Reminder Now').disabled).toBe(true);
    expect(
      manual().getByText('Reminders are turned on but not saved yet. Save Settings first, then send.'),
    ).toBeTruthy();

    await user.click(button(settings(), 'Save Settings'));
    await expectAlert('Settings Saved!', 'Reminder settings have been updated.');
    await dismissAlert();
    expect((await stored()).reminder_enabled).toBe(true);
    expect(button(manual(), 'Send Reminder Now').disabled).toBe(false);
    expect(manual().queryByText(/not saved yet/)).toBeNull();
  });

  it("adds days with '+ Add Day', removes the chosen one with '×', and never removes the last", async () => {
    await arrange({ reminder_days: [1] });
    const user = userEvent.setup();
    await openedModal();
    expect(removeButtons()[0]!.disabled).toBe(true);
    await user.click(button(settings(), '+ Add Day'));
    expect(dayValues()).toEqual(['1', '']);
    const second = dayInputs()[1]!;
    expect(second.type).toBe('number');
    expect([second.min, second.step]).toEqual(['0', '1']);
    await user.type(second, '3');
    await user.click(button(settings(), '+ Add Day'));
    await user.type(dayInputs()[2]!, '7');
    expect(dayValues()).toEqual(['1', '3', '7']);
    expect(removeButtons().every((remove) => !remove.disabled)).toBe(true);
    await user.click(settings().getByRole('button', { name: 'Remove reminder day 2' }));
    expect(dayValues()).toEqual(['1', '7']);
    await user.click(settings().getByRole('button', { name: 'Remove reminder day 1' }));
    expect(dayValues()).toEqual(['7']);
    expect(removeButtons()[0]!.disabled).toBe(true);
  });

  it('allows at most ten days, as the database does', async () => {
    await arrange({ reminder_days: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
    const user = userEvent.setup();
    await openedModal();
    await user.click(button(settings(), '+ Add Day'));
    expect(dayInputs()).toHaveLength(10);
    expect(button(settings(), '+ Add Day').disabled).toBe(true);
  });

  it("saves by id and clinic, blank days dropped and a blank message as null, with 'Saving...' and 'Settings Saved!'", async () => {
    await arrange({ reminder_days: [1], reminder_message: 'Old text' });
    const hold = holdNext({ method: 'PATCH', table: 'appointments' });
    const user = userEvent.setup();
    await openedModal();
    await user.click(button(settings(), '+ Add Day'));
    await user.click(button(settings(), '+ Add Day'));
    await user.type(dayInputs()[2]!, '3');
    await user.clear(settings().getByLabelText('Reminder Message'));
    await user.type(settings().getByLabelText('Reminder Message'), '   ');
    await user.selectOptions(settings().getByLabelText('Recipient'), 'guardian');
    await user.click(button(settings(), 'Save Settings'));
    expect(button(settings(), 'Saving...').disabled).toBe(true);
    hold.release();

    await expectAlert('Settings Saved!', 'Reminder settings have been updated.');
    await dismissAlert();
    expect(await stored()).toMatchObject({
      reminder_enabled: true,
      reminder_days: [1, 3],
      reminder_message: null,
      reminder_recipient_type: 'guardian',
    });
    // The form now shows what is stored.
    expect(dayValues()).toEqual(['1', '3']);
    expect(button(settings(), 'Save Settings').disabled).toBe(false);
  });

  it('saves turned-off reminders and a custom message', async () => {
    await arrange({ reminder_days: [2] });
    const user = userEvent.setup();
    await openedModal();
    await user.type(settings().getByLabelText('Reminder Message'), 'See you soon!');
    await user.click(settings().getByRole('checkbox', { name: 'Enable Reminders' }));
    await user.click(button(settings(), 'Save Settings'));
    await expectAlert('Settings Saved!', 'Reminder settings have been updated.');
    expect(await stored()).toMatchObject({
      reminder_enabled: false,
      reminder_days: [2],
      reminder_message: 'See you soon!',
      reminder_recipient_type: 'patient',
    });
  });

  it('refuses days the database would refuse with a clear message, and saves nothing', async () => {
    await arrange({ reminder_days: [1] });
    const user = userEvent.setup();
    await openedModal();
    await user.click(button(settings(), '+ Add Day'));
    await user.type(dayInputs()[1]!, '400');
    await user.click(button(settings(), 'Save Settings'));
    expect(settings().getByRole('alert').textContent).toBe('Reminder days must be whole numbers from 0 to 365.');
    expect(dayInputs()[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dayInputs()[1]);
    expect(dayInputs()[0]!.getAttribute('aria-invalid')).toBeNull();
    expect(dayValues()).toEqual(['1', '400']);

    await user.clear(dayInputs()[1]!);
    await user.type(dayInputs()[1]!, '-2');
    await user.click(button(settings(), 'Save Settings'));
    expect(settings().getByRole('alert').textContent).toBe('Reminder days must be whole numbers from 0 to 365.');

    await user.clear(dayInputs()[1]!);
    await user.clear(dayInputs()[0]!);
    await user.click(button(settings(), 'Save Settings'));
    expect(settings().getByRole('alert').textContent).toBe('Enter at least one reminder day.');
    expect((await stored()).reminder_days).toEqual([1]);
  });

  it('refuses a reminder message over 1000 characters, keeping the text', async () => {
    await arrange();
    const user = userEvent.setup();
    await openedModal();
    const message = settings().getByLabelText('Reminder Message') as HTMLTextAreaElement;
    await user.click(message);
    await user.paste('x'.repeat(1001));
    expect(settings().getByText('1001/1000')).toBeTruthy();
    await user.click(button(settings(), 'Save Settings'));
    expect(settings().getByRole('alert').textContent).toBe('The reminder message must be at most 1000 characters.');
    expect(document.activeElement).toBe(message);
    expect(message.value).toHaveLength(1001);
    expect((await stored()).reminder_message).toBeNull();
  });

  it("says 'Failed to save' / 'Could not save reminder settings.' and keeps the form when the save fails", async () => {
    await arrange({ reminder_days: [1] });
    failNext({ method: 'PATCH', table: 'appointments' }, pgError('XX000', 'internal error'));
    const user = userEvent.setup();
    await openedModal();
    await user.clear(dayInputs()[0]!);
    await user.type(dayInputs()[0]!, '5');
    await user.click(button(settings(), 'Save Settings'));
    const popup = await expectAlert('Failed to save', 'Could not save reminder settings.');
    expect(popup.textContent).not.toContain('internal error');
    await dismissAlert();
    expect(dayValues()).toEqual(['5']);
    expect((await stored()).reminder_days).toEqual([1]);
  });

  it('explains a failed save when the appointment is gone', async () => {
    await arrange();
    const user = userEvent.setup();
    await openedModal();
    await updateAppointment('deleted = true'); // in another tab
    await user.click(button(settings(), 'Save Settings'));
    const popup = await expectAlert('Failed to save', 'Could not save reminder settings.');
    expect(popup.querySelector('.swal2-footer')?.textContent).toBe(
      'This appointment no longer exists. It may have been deleted in another tab.',
    );
    await dismissAlert();
  });

  it('warns when the chosen recipient has no Messenger ID', async () => {
    await arrange({ guardian_messenger_id: null });
    const user = userEvent.setup();
    await openedModal();
    expect(settings().getByText('Sends to Messenger ID 24680135792468.')).toBeTruthy();
    await user.selectOptions(settings().getByLabelText('Recipient'), 'guardian');
    expect(settings().getByText('The guardian has no Messenger ID: reminders cannot reach them.')).toBeTruthy();
  });
});

describe('manual reminder send', () => {
  it("sends days_ahead from the clinic's today with the overrides, shows 'Sending...', then 'Reminder Sent!' and the new log row", async () => {
    const service = await arrange();
    const hold = service.holdNext();
    const user = userEvent.setup();
    await openedModal();
    await screen.findByText('No reminders sent yet.');
    await user.type(manual().getByLabelText('Custom Message'), ' Please come 10 minutes early. ');
    await user.type(manual().getByLabelText('Recipient Messenger ID (override)'), '97531086420');
    await user.click(button(manual(), 'Send Reminder Now'));
    expect(button(manual(), 'Sending...').disabled).toBe(true);
    const popup = timeOnScreen((element) => element.classList.contains('swal2-container'));
    const fire = vi.spyOn(Swal, 'fire');
    hold.release();

    await expectAlert('Reminder Sent!', 'The reminder has been sent successfully.');
    expect(service.received).toEqual([
      {
        appointmentId: 501,
        clinicId: 1,
        body: { days_ahead: 3, message_override: 'Please come 10 minutes early.', recipient_override: '97531086420' },
      },
    ]);
    expect(await rows('appointment_reminders')).toMatchObject([
      { appointment_id: 501, days_ahead: 3, messenger_id: '97531086420', is_manual: true },
    ]);
    // The popup closes by itself after 1500 ms, without an OK button. Its timer is sweetalert2's,
    // started as it opens; how long a busy machine takes to show it is not the popup's to count.
    expect(document.querySelector<HTMLElement>('.swal2-confirm')!.style.display).toBe('none');
    expect(fire).toHaveBeenLastCalledWith(expect.objectContaining({ timer: 1500, showConfirmButton: false }));
    fire.mockRestore();
    expect(await popup.shownForMs()).toBeGreaterThan(0);

    const row = await within(screen.getByRole('table', { name: 'Sent Reminders Log' })).findByText('97531086420');
    expect(row.closest('tr')!.className).toContain('reminder-log-row-manual');
    expect(screen.queryByText('No reminders sent yet.')).toBeNull();
    expect((manual().getByLabelText('Custom Message') as HTMLTextAreaElement).value).toBe('');
    expect(button(manual(), 'Send Reminder Now').disabled).toBe(false);
  });

  it('leaves blank overrides out and sends at least 1 day for an appointment later today', async () => {
    // Friday 8:00 AM in Manila, the appointment at 5:20 PM that day: the clinic's hours hold no
    // time later than NOW's 11:30 PM.
    vi.setSystemTime(new Date('2026-11-20T00:00:00Z'));
    const service = await arrange({ appointment_time: '2026-11-20T17:20:00+08:00' });
    const user = userEvent.setup();
    await openedModal();
    await user.type(manual().getByLabelText('Custom Message'), '   ');
    await user.click(button(manual(), 'Send Reminder Now'));
    await expectAlert('Reminder Sent!', 'The reminder has been sent successfully.');
    expect(service.received.map((sent) => sent.body)).toEqual([{ days_ahead: 1 }]);
  });

  it("shows 'Failed to send reminder' with the service's error text, keeping what was typed", async () => {
    const service = await arrange();
    service.answerNext(
      HttpResponse.json({ error: 'This clinic is not connected to a Facebook page.' }, { status: 409 }),
    );
    const user = userEvent.setup();
    await openedModal();
    await user.type(manual().getByLabelText('Custom Message'), 'Hello');
    await user.click(button(manual(), 'Send Reminder Now'));
    await expectAlert('Failed to send reminder', 'This clinic is not connected to a Facebook page.');
    await dismissAlert();
    expect((manual().getByLabelText('Custom Message') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it("falls back to 'Failed to send reminder.' when the service gives no reason", async () => {
    const service = await arrange();
    service.answerNext(new HttpResponse('oops', { status: 502 }));
    const user = userEvent.setup();
    await openedModal();
    await user.click(button(manual(), 'Send Reminder Now'));
    await expectAlert('Failed to send reminder', 'Failed to send reminder.');
    await dismissAlert();
  });

  it('asks to try again when the service cannot be reached', async () => {
    const service = await arrange();
    service.answerNext('network');
    const user = userEvent.setup();
    await openedModal();
    await user.click(button(manual(), 'Send Reminder Now'));
    await expectAlert('Failed to send reminder', 'Could not send the reminder. Please try again.');
    await dismissAlert();
  });

  it.each([
    ['Cancelled', {}, 'This appointment is Cancelled: a reminder can no longer be sent.'],
    ['No Show', {}, 'This appointment is marked No Show: a reminder can no longer be sent.'],
    ['Completed', {}, 'This appointment is Completed: a reminder can no longer be sent.'],
    // 5:20 PM on Friday the 20th in Manila, the last slot of the clinic's day: before NOW.
    [
      'Scheduled',
      { appointment_time: '2026-11-20T17:20:00+08:00' },
      'This appointment has already passed: a reminder can no longer be sent.',
    ],
  ] as const)(
    "when the appointment is %s (%o), then 'Send Reminder Now' is disabled with the reason beside it",
    async (status, change, reason) => {
      await arrange({ status, ...change });
      await openedModal();
      const send = button(manual(), 'Send Reminder Now');
      expect(send.disabled).toBe(true);
      expect(send.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(send.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
      // The reason is not the reminders-off hint, and the settings stay usable.
      expect(manual().queryByText('Reminders are off for this appointment. Enable them to send one.')).toBeNull();
      expect(button(settings(), 'Save Settings').disabled).toBe(false);
    },
  );

  it('when the appointment was cancelled in another tab after the modal opened, then the refusal names why', async () => {
    const service = await arrange();
    await openedModal();
    await updateAppointment("status = 'Cancelled'"); // in another tab
    const user = userEvent.setup();
    await user.click(button(manual(), 'Send Reminder Now'));
    await expectAlert('Failed to send reminder', 'This appointment is Cancelled: a reminder can no longer be sent.');
    await dismissAlert();
    expect(service.received).toHaveLength(1);
    expect(await rows('appointment_reminders')).toHaveLength(0);
  });

  it('refuses a custom message over 1000 characters or a malformed Messenger ID, sending nothing', async () => {
    const service = await arrange();
    const user = userEvent.setup();
    await openedModal();
    await user.click(manual().getByLabelText('Custom Message'));
    await user.paste('y'.repeat(1001));
    await user.click(button(manual(), 'Send Reminder Now'));
    expect(manual().getByRole('alert').textContent).toBe('The custom message must be at most 1000 characters.');
    await user.clear(manual().getByLabelText('Custom Message'));
    await user.type(manual().getByLabelText('Recipient Messenger ID (override)'), '123 456');
    await user.click(button(manual(), 'Send Reminder Now'));
    expect(manual().getByRole('alert').textContent).toBe(
      'The Messenger ID may contain only letters, digits and the characters . _ : -',
    );
    const recipient = manual().getByLabelText('Recipient Messenger ID (override)');
    expect(recipient.getAttribute('aria-invalid')).toBe('true');
    expect(manual().getByLabelText('Custom Message').getAttribute('aria-invalid')).toBeNull();
    // Typing clears the mark; the message stays until the next send.
    await user.type(recipient, '7');
    expect(recipient.getAttribute('aria-invalid')).toBeNull();
    expect(manual().getByRole('alert').textContent).toBe(
      'The Messenger ID may contain only letters, digits and the characters . _ : -',
    );
    expect(service.received).toHaveLength(0);
    expect(await rows('appointment_reminders')).toHaveLength(0);
  });
});

describe('sent reminders log', () => {
  it('lists the reminders newest first in clinic time, manual blue and automated red, with a legend', async () => {
    await arrange({}, [
      { id: 1, sent_on: '2026-11-19T01:00:00Z', days_ahead: 4, is_manual: false },
      { id: 2, sent_on: '2026-11-20T03:15:00Z', days_ahead: 3, is_manual: true, messenger_id: '111' },
      {
        id: 3,
        sent_on: '2026-11-20T01:00:00Z',
        days_ahead: 3,
        is_manual: false,
        messenger_id: null,
        outcome: 'failed',
        error: 'The patient has no Messenger ID.',
      },
    ]);
    // Another appointment's reminder, not in this log.
    await seed.appointments([{ id: 502, clinic_id: 1, patient_id: 1 }]);
    await seed.appointment_reminders([
      logEntry({ appointment_id: 502, sent_on: '2026-11-20T05:00:00Z', messenger_id: '999' }),
    ]);
    await openedModal();
    const table = await screen.findByRole('table', { name: 'Sent Reminders Log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date Sent', 'Days Ahead', 'Messenger ID']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual(['manual', 'automated', 'automated']);
    expect(rows.map((row) => row.className.includes('reminder-log-row-manual'))).toEqual([true, false, false]);
    expect(rows.map((row) => row.className.includes('reminder-log-row-automated'))).toEqual([false, true, true]);
    const cells = rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Manual: Nov 20, 2026, 11:15 AM', '3', '111'],
      ['Automated: Nov 20, 2026, 9:00 AM', '3', 'N/AFailed: The patient has no Messenger ID.'],
      ['Automated: Nov 19, 2026, 9:00 AM', '4', '24680135792468'],
    ]);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Manual', 'Automated']);
  });

  it("says 'No reminders sent yet.' when there are none", async () => {
    await arrange();
    await openedModal();
    expect(await screen.findByText('No reminders sent yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Sent Reminders Log' })).toBeNull();
  });

  it('says when the log cannot be read, and retries', async () => {
    await arrange({}, [{ messenger_id: '222' }]);
    failNext({ method: 'GET', table: 'appointment_reminders' });
    await openedModal();
    const region = card('Sent Reminders Log');
    expect((await region.findByRole('alert')).textContent).toContain('Could not load the sent reminders.');
    fireEvent.click(region.getByRole('button', { name: 'Retry' }));
    expect(await region.findByText('222')).toBeTruthy();
  });
});
