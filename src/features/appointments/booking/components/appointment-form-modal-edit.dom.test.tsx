// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientChartKey } from '@/entities/patient';
import type { AppointmentRow } from '@/lib/database.types';
import { holdNext, realStack, rows, server, setupRealDatabase } from '@/testing/real-db';
import { appointmentKeys } from '../../model/query-keys';
import { getBookingDentists } from '../api/get-dentists';
import { getBookingProcedures } from '../api/get-procedures';
import {
  APPOINTMENTS,
  appointmentsOf,
  arrange,
  categorySelect,
  choosePatient,
  day,
  dentistSelect,
  dismissAlert,
  endFormModalTest,
  fillForm,
  instant,
  MANILA,
  patientInput,
  procedureSelect,
  ready,
  render,
  slot,
  slotStates,
  startFormModalTest,
  storedAppointment,
  submitButton,
  THURSDAY,
} from '../testing/form-modal-harness';
import { renderWithQueries, signInReceptionist, testQueryClient } from '../testing/render';
import { AppointmentFormModal } from './appointment-form-modal';

setupRealDatabase();

beforeEach(startFormModalTest);

/** A change made in another tab, straight in the database. */
const updateAppointment = (id: number, change: string) =>
  realStack().query(`update public.appointments set ${change} where id = $1`, [id]);
afterEach(endFormModalTest);

describe('the Double Booking warning', () => {
  const sameDay: Partial<AppointmentRow>[] = [
    ...APPOINTMENTS,
    // Maria already has Thursday 9:40 with Dr. Paolo and 16:00 with Dr. Andrea.
    {
      id: 601,
      dentist_id: 2,
      patient_id: 11,
      appointment_time: '2030-01-10T01:40:00Z',
      reason: 'Dental Consultation — Notes: first visit',
    },
    { id: 602, dentist_id: 1, patient_id: 11, appointment_time: '2030-01-10T08:00:00Z', reason: 'Temporary Filling' },
  ];

  it('shows the existing time, dentist, reason and status (a Cancelled one counts); Cancel books nothing and keeps the form', async () => {
    const cancelledFirst = sameDay.map((row) => (row.id === 601 ? { ...row, status: 'Cancelled' as const } : row));
    const { user, onSaved } = await render({}, cancelledFirst);
    await ready();
    await fillForm(user);
    const book = submitButton();
    await user.click(book);
    expect(await screen.findByText('Double Booking')).toBeTruthy();
    expect(book.textContent).toBe('Book');
    const details = Array.from(document.querySelectorAll('.double-booking-details dd')).map((el) => el.textContent);
    expect(details).toEqual([
      'January 10, 2030',
      '9:40 AM',
      'dr. paolo dimaculangan',
      'Dental Consultation — Notes: first visit',
      'Cancelled',
    ]);
    expect(screen.getByRole('button', { name: 'Edit Existing Appointment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect((await appointmentsOf(11)).map((row) => row.id)).toEqual([601, 602]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Add Appointment' })).toBeTruthy();
    expect(patientInput().value).toBe('Maria Santos');
  });

  it("'Edit Existing Appointment' opens that one for edit, and its save skips the check", async () => {
    const { user, onSaved } = await render({}, sameDay);
    await ready();
    await fillForm(user);
    await user.click(submitButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Existing Appointment' }));
    expect(await screen.findByRole('heading', { name: 'Edit Appointment' })).toBeTruthy();
    await waitFor(() => expect(dentistSelect().value).toBe('2'));
    expect(patientInput().value).toBe('Maria Santos');
    await waitFor(() => expect(slot('09:40')!.getAttribute('aria-pressed')).toBe('true'));
    expect(categorySelect().value).toBe('2');
    expect(procedureSelect().value).toBe('201');
    expect((screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement).value).toBe('first visit');
    await user.click(slot('10:00')!);
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(601));
    // Maria still has 16:00 that day, yet no warning: the check was skipped.
    expect(screen.queryByText('Double Booking')).toBeNull();
    expect(await screen.findByText('Appointment updated!')).toBeTruthy();
    expect((await appointmentsOf(11)).map((row) => [row.id, instant(row.appointment_time)])).toEqual([
      [601, '2030-01-10T02:00:00.000Z'],
      [602, '2030-01-10T08:00:00.000Z'],
    ]);
  });
});

describe('the Edit Appointment form', () => {
  const editData: Partial<AppointmentRow>[] = [
    ...APPOINTMENTS,
    {
      id: 700,
      dentist_id: 1,
      patient_id: 12,
      appointment_time: '2030-01-10T05:00:00Z', // Thursday 13:00
      reason: 'Composite Filling — Notes: sensitive tooth',
      status: 'Confirmed',
    },
  ];

  it('loads the appointment with its patient, slot (its own counts as free), procedure and notes', async () => {
    await render({ appointmentId: 700 }, editData);
    expect(await screen.findByRole('heading', { name: 'Edit Appointment' })).toBeTruthy();
    await ready();
    expect(dentistSelect().value).toBe('1');
    expect(patientInput().value).toBe('Jose Rizal');
    expect(day(THURSDAY).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(slot('13:00')!.getAttribute('aria-pressed')).toBe('true'));
    expect(slotStates()['13:00']).toBe('available');
    expect(categorySelect().value).toBe('1');
    expect(procedureSelect().value).toBe('102');
    expect((screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement).value).toBe('sensitive tooth');
    expect(
      screen.getByText('This appointment is Confirmed. Saving your changes sets it back to Scheduled.'),
    ).toBeTruthy();
  });

  it("saves dentist, patient, time, reason and status Scheduled, then says 'Appointment updated!'", async () => {
    const { user, onSaved } = await render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    await user.clear(screen.getByLabelText(/Additional Notes/));
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(700));
    const saved = await storedAppointment(700);
    expect(saved).toMatchObject({
      dentist_id: 1,
      patient_id: 12,
      reason: 'Composite Filling',
      status: 'Scheduled',
      deleted: false,
    });
    expect(instant(saved.appointment_time)).toBe('2030-01-10T05:20:00.000Z');
    expect(await rows('appointments')).toHaveLength(2);
    expect(await screen.findByText('Appointment updated!')).toBeTruthy();
  });

  it("has the charts of the visit's patient before and after the move read again", async () => {
    const { user, onSaved, queryClient } = await render({ appointmentId: 700 }, editData);
    // Jose's, Maria's and Ana's charts as cached elsewhere in the app, read before the save.
    const chartOf = (patientId: number) => [...patientChartKey(1, patientId), 'appointments'];
    for (const patientId of [11, 12, 13]) queryClient.setQueryData(chartOf(patientId), []);
    const readAgain = (patientId: number) => queryClient.getQueryState(chartOf(patientId))?.isInvalidated;
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    await choosePatient(user, 'Mari', 'Maria Santos');
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(700));
    expect(await storedAppointment(700)).toMatchObject({ patient_id: 11 });

    expect([readAgain(12), readAgain(11), readAgain(13)]).toEqual([true, true, false]);
  });

  it('saves over stored notes of 973 characters in Japanese and emoji, with no URL over 2 KB', async () => {
    // With the procedure, the reason's 1,000 characters: as a filter in the URL (9 KB), hosted
    // Supabase's gateway refused the save (414 URI too long).
    const pattern = [...'左上の奥歯が冷たい水でしみる🦷😬'];
    const reason = `Composite Filling — Notes: ${Array.from({ length: 973 }, (_, i) => pattern[i % pattern.length]).join('')}`;
    expect(Array.from(reason)).toHaveLength(1000);
    const urls: string[] = [];
    const record = ({ request }: { request: Request }) => void urls.push(request.url);
    server.events.on('request:start', record);
    try {
      const { user, onSaved } = await render(
        { appointmentId: 700 },
        editData.map((row) => (row.id === 700 ? { ...row, reason } : row)),
      );
      await ready();
      await waitFor(() => expect(slot('13:20')).toBeTruthy());
      await user.click(slot('13:20')!);
      await user.click(submitButton('Save'));
      await waitFor(() => expect(onSaved).toHaveBeenCalledWith(700));
    } finally {
      server.events.removeListener('request:start', record);
    }
    const saved = await storedAppointment(700);
    expect(saved).toMatchObject({ reason, status: 'Scheduled' });
    expect(instant(saved.appointment_time)).toBe('2030-01-10T05:20:00.000Z');
    const bytes = (url: string) => new TextEncoder().encode(url).length;
    expect(urls.some((url) => url.includes('/rest/v1/'))).toBe(true);
    expect(urls.filter((url) => bytes(url) > 2048).map((url) => `${url.slice(0, 100)}… (${bytes(url)} bytes)`)).toEqual(
      [],
    );
  });

  it('fills the form from a fresh read, not from what a closed form left in the cache', async () => {
    await arrange(editData);
    const user = await signInReceptionist();
    const queryClient = testQueryClient();
    // The lists are in the cache, so nothing else holds the form back; and a form closed a moment
    // ago left the appointment as it was before its save.
    await queryClient.prefetchQuery({ queryKey: appointmentKeys.dentists(1), queryFn: () => getBookingDentists(1) });
    await queryClient.prefetchQuery({
      queryKey: appointmentKeys.procedures(1),
      queryFn: () => getBookingProcedures(1),
    });
    queryClient.setQueryData(appointmentKeys.detail(1, 700), {
      ...(await storedAppointment(700)),
      reason: 'Composite Filling — Notes: before the save',
      patient_name: 'Jose Rizal',
    });
    await renderWithQueries(
      <AppointmentFormModal clinicId={1} timeZone={MANILA} appointmentId={700} onClose={vi.fn()} onSaved={vi.fn()} />,
      queryClient,
      user,
    );
    await ready();
    expect((screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement).value).toBe('sensitive tooth');
  });

  it('says so clearly when the appointment was deleted elsewhere while the form was open, writing nothing', async () => {
    const { user, onSaved } = await render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    await updateAppointment(700, 'deleted = true'); // in another tab
    await user.click(submitButton('Save'));
    expect(
      await screen.findAllByText('This appointment no longer exists. It may have been deleted by someone else.'),
    ).not.toHaveLength(0);
    expect(instant((await storedAppointment(700)).appointment_time)).toBe('2030-01-10T05:00:00.000Z');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('writes nothing when the appointment is deleted between the check and the save', async () => {
    const { user, onSaved } = await render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    const save = holdNext({ method: 'POST', rpc: 'update_appointment_as_read' });
    await user.click(submitButton('Save'));
    await save.reached;
    await updateAppointment(700, 'deleted = true'); // in another tab, after the check
    save.release();
    expect(
      await screen.findByText('This appointment no longer exists. It may have been deleted by someone else.'),
    ).toBeTruthy();
    expect(instant((await storedAppointment(700)).appointment_time)).toBe('2030-01-10T05:00:00.000Z');
    expect((submitButton('Save') as HTMLButtonElement).disabled).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
  });

  const CHANGED_MEANWHILE =
    'Someone else changed this appointment while you were editing. The form now shows their changes, with yours kept: check it, then save again.';
  const notesBox = () => screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement;

  it('does not revive an appointment cancelled elsewhere meanwhile: says so, and only a second Save writes', async () => {
    const { user, onSaved } = await render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:00')!.getAttribute('aria-pressed')).toBe('true'));
    await user.type(notesBox(), ', upper left');
    await updateAppointment(700, "status = 'Cancelled'"); // in another tab
    await user.click(submitButton('Save'));

    expect(await screen.findByText(CHANGED_MEANWHILE)).toBeTruthy();
    expect(await storedAppointment(700)).toMatchObject({
      status: 'Cancelled',
      reason: 'Composite Filling — Notes: sensitive tooth',
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByText('Appointment updated!')).toBeNull();
    expect(
      screen.getByText('This appointment is Cancelled. Saving your changes sets it back to Scheduled.'),
    ).toBeTruthy();
    expect(notesBox().value).toBe('sensitive tooth, upper left');

    // Now a knowing choice: the second Save books it again with the notes typed.
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(700));
    expect(await storedAppointment(700)).toMatchObject({
      status: 'Scheduled',
      reason: 'Composite Filling — Notes: sensitive tooth, upper left',
    });
  });

  it('writes nothing over a move made elsewhere meanwhile, and shows it while keeping what was typed', async () => {
    const { user, onSaved } = await render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:00')!.getAttribute('aria-pressed')).toBe('true'));
    await user.type(notesBox(), ', upper left');
    // In another tab: to Dr. Paolo at 16:00, with its notes corrected.
    await updateAppointment(
      700,
      "dentist_id = 2, appointment_time = '2030-01-10T08:00:00Z', reason = 'Composite Filling — Notes: tooth 26'",
    );
    await user.click(submitButton('Save'));

    expect(await screen.findByText(CHANGED_MEANWHILE)).toBeTruthy();
    const stored = await storedAppointment(700);
    expect(stored).toMatchObject({
      dentist_id: 2,
      status: 'Confirmed',
      reason: 'Composite Filling — Notes: tooth 26',
    });
    expect(instant(stored.appointment_time)).toBe('2030-01-10T08:00:00.000Z');
    expect(onSaved).not.toHaveBeenCalled();
    expect(dentistSelect().value).toBe('2');
    await waitFor(() => expect(slot('16:00')!.getAttribute('aria-pressed')).toBe('true'));
    expect(notesBox().value).toBe('sensitive tooth, upper left');
  });

  it('shows the patient another desk gave it meanwhile in the Patient box, which still searches when typed in', async () => {
    const { user, onSaved } = await render({ appointmentId: 700 }, editData);
    await ready();
    expect(patientInput().value).toBe('Jose Rizal');
    await updateAppointment(700, 'patient_id = 11'); // in another tab: reassigned to Maria
    await user.click(submitButton('Save'));

    expect(await screen.findByText(CHANGED_MEANWHILE)).toBeTruthy();
    expect((await storedAppointment(700)).patient_id).toBe(11);
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(patientInput().value).toBe('Maria Santos'));

    await user.clear(patientInput());
    await user.type(patientInput(), 'Ana');
    expect(patientInput().value).toBe('Ana');
    await user.click(await screen.findByRole('option', { name: /^Ana Cruz/ }));
    expect(patientInput().value).toBe('Ana Cruz');
  });

  it('opens with a clear message for an appointment that is already deleted', async () => {
    const data = editData.map((row) => ({ ...row, deleted: row.id === 700 }));
    await render({ appointmentId: 700 }, data);
    expect(
      await screen.findByText('This appointment no longer exists. It may have been deleted by someone else.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks for a procedure again when the stored one left the price list', async () => {
    const data = editData.map((row) => (row.id === 700 ? { ...row, reason: 'Gold Crown' } : row));
    await render({ appointmentId: 700 }, data);
    expect(
      await screen.findByText('The stored procedure “Gold Crown” is no longer in the price list. Please choose one.'),
    ).toBeTruthy();
    expect(categorySelect().value).toBe('');
  });
});

describe('an appointment whose time has passed, edited', () => {
  // Tuesday 8 January 2030, 10:00 in Manila: the day before NOW. Completed, with notes.
  const pastData: Partial<AppointmentRow>[] = [
    ...APPOINTMENTS,
    {
      id: 800,
      dentist_id: 1,
      patient_id: 12,
      appointment_time: '2030-01-08T02:00:00Z',
      reason: 'Composite Filling — Notes: upper molar',
      status: 'Completed',
    },
  ];
  const notesBox = () => screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement;

  it('shows and keeps its own time, and saves corrected notes there with its status', async () => {
    const { user, onSaved } = await render({ appointmentId: 800 }, pastData);
    await ready();
    expect(
      screen.getByText(
        'This appointment was on January 8, 2030 at 10:00 AM, which has passed. Its procedure and notes can be corrected where it is; to change its dentist, patient or time, choose a time ahead.',
      ),
    ).toBeTruthy();
    // No 'sets it back to Scheduled' hint: a Completed visit stays Completed.
    expect(screen.queryByText(/Saving your changes sets it back to Scheduled/)).toBeNull();
    expect(day('2030-01-08').getAttribute('aria-pressed')).toBe('true');
    expect(day('2030-01-08').disabled).toBe(false);
    expect(day('2030-01-07').disabled).toBe(true);
    await waitFor(() => expect(slot('10:00')!.getAttribute('aria-pressed')).toBe('true'));
    expect(slot('10:00')!.getAttribute('aria-label')).toBe('10:00 AM, This appointment');
    expect(screen.queryByText('The time you chose is no longer available. Please choose another.')).toBeNull();
    // Another past time cannot be chosen.
    await user.click(slot('09:40')!);
    expect(slot('09:40')!.getAttribute('aria-pressed')).toBe('false');
    expect(slot('10:00')!.getAttribute('aria-pressed')).toBe('true');
    expect(submitButton('Save').getAttribute('aria-disabled')).toBeNull();

    await user.clear(notesBox());
    await user.type(notesBox(), 'upper left molar, sensitive');
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(800));
    expect(screen.queryByText('Invalid Slot')).toBeNull();
    expect(screen.queryByText('Double Booking')).toBeNull();
    const saved = await storedAppointment(800);
    expect(saved).toMatchObject({
      dentist_id: 1,
      patient_id: 12,
      reason: 'Composite Filling — Notes: upper left molar, sensitive',
      status: 'Completed',
    });
    expect(instant(saved.appointment_time)).toBe('2030-01-08T02:00:00.000Z');
    expect(await screen.findByText('Appointment updated!')).toBeTruthy();
  });

  it('refuses another patient at its past time, and lets it move to a time ahead as a new booking', async () => {
    const { user, onSaved } = await render({ appointmentId: 800 }, pastData);
    await ready();
    await waitFor(() => expect(slot('10:00')!.getAttribute('aria-pressed')).toBe('true'));
    await choosePatient(user, 'mar', 'Maria Santos');
    expect(
      screen.getByText(
        'This appointment’s time has passed, so its patient cannot change. Choose a time ahead to book it for another patient.',
      ),
    ).toBeTruthy();
    expect(submitButton('Save').getAttribute('aria-disabled')).toBe('true');
    await user.click(submitButton('Save'));
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    await dismissAlert();
    expect((await storedAppointment(800)).patient_id).toBe(12);

    await user.click(day(THURSDAY));
    await waitFor(() => expect(slotStates()['10:20']).toBe('available'));
    await user.click(slot('10:20')!);
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(800));
    const saved = await storedAppointment(800);
    expect(saved).toMatchObject({ patient_id: 11, status: 'Scheduled' });
    expect(instant(saved.appointment_time)).toBe('2030-01-10T02:20:00.000Z');
  });
});

describe('the Notes box', () => {
  const notesBox = () => screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement;
  const counter = () => document.querySelector('.booking-notes-count')!;
  const counted = () => counter().firstChild!.textContent;

  it('counts as the check does, beside the chosen procedure, emoji as one character', async () => {
    const { user, onSaved } = await render();
    await ready();
    expect(counted()).toBe('0 / 990');
    expect(notesBox().getAttribute('aria-describedby')).toBe(counter().id);
    await fillForm(user);
    // 'Composite Filling' (17) + ' — Notes: ' (10): 973 characters of notes fit.
    expect(counted()).toBe('0 / 973');
    fireEvent.change(notesBox(), { target: { value: 'x'.repeat(1000) } });
    expect(notesBox().value).toHaveLength(973);
    expect(counted()).toBe('973 / 973');
    expect(screen.queryByText(/Additional Notes must be at most/)).toBeNull();

    // 'Dental Consultation' (19) leaves 971: the box says so at once, and Book waits.
    await user.selectOptions(categorySelect(), 'Preventive Care');
    await user.selectOptions(procedureSelect(), 'Dental Consultation — ₱500.00');
    expect(counted()).toBe('973 / 971');
    expect(counter().classList.contains('is-over')).toBe(true);
    expect(screen.getByText('Additional Notes must be at most 971 characters.')).toBeTruthy();
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');

    // Cleared, then a paste of 972 emoji: 971 fit (1942 UTF-16 units, 971 characters).
    fireEvent.change(notesBox(), { target: { value: '' } });
    fireEvent.change(notesBox(), { target: { value: '😀'.repeat(972) } });
    expect(notesBox().value).toBe('😀'.repeat(971));
    expect(counted()).toBe('971 / 971');
    expect(screen.queryByText(/Additional Notes must be at most/)).toBeNull();
    await user.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const reason = (await appointmentsOf(11))[0]!.reason!;
    expect(reason).toBe(`Dental Consultation — Notes: ${'😀'.repeat(971)}`);
    expect(Array.from(reason)).toHaveLength(1000);
  });
});
