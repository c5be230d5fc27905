// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW_REFRESH_MS } from '@/lib/use-now';
import { failNext, holdNext, realStack, rows, seed, setupRealDatabase } from '@/testing/real-db';
import { appointmentKeys } from '../../model/query-keys';
import {
  appointmentsOf,
  categorySelect,
  choosePatient,
  day,
  dentistSelect,
  dismissAlert,
  endFormModalTest,
  fillForm,
  instant,
  loggedRefusalCode,
  patientInput,
  procedureSelect,
  ready,
  render,
  slot,
  slotStates,
  startFormModalTest,
  submitButton,
  swalText,
  swalTitle,
  THURSDAY,
} from '../testing/form-modal-harness';

setupRealDatabase();

beforeEach(startFormModalTest);
afterEach(endFormModalTest);

/**
 * Presses Book on the filled form with `change` made in the database after the form checked the
 * slot and before its insert arrives.
 */
async function submitChangedBeforeInsert(user: UserEvent, change: () => Promise<unknown>) {
  const insert = holdNext({ method: 'POST', table: 'appointments' });
  await user.click(submitButton());
  await insert.reached;
  await change();
  insert.release();
}

/** The 'Booking failed!' alert with the spec's text. */
async function expectBookingFailedAlert() {
  expect(
    await screen.findByText('This slot may already be taken or dentist is unavailable.', {
      selector: '.swal2-html-container',
    }),
  ).toBeTruthy();
  expect(swalTitle()).toBe('Booking failed!');
}

describe('the Add Appointment form', () => {
  it('lists the clinic’s dentists by name, inactive ones disabled with “(Inactive)”', async () => {
    await render();
    await ready();
    expect(screen.getByRole('heading', { name: 'Add Appointment' })).toBeTruthy();
    const options = within(dentistSelect()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ['Select Dentist', false],
      ['Dr. Andrea Villanueva', false],
      ['dr. paolo dimaculangan', false],
      ['Dr. Ramon Bautista (Inactive)', true],
    ]);
  });

  it('keeps Procedure disabled until a category is chosen, then shows prices in pesos', async () => {
    const { user } = await render();
    await ready();
    expect(procedureSelect().disabled).toBe(true);
    await user.selectOptions(categorySelect(), 'Restorative');
    expect(procedureSelect().disabled).toBe(false);
    expect(
      within(procedureSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Procedure', 'Composite Filling — ₱1,500.00', 'Temporary Filling — ₱700.00']);
    await user.selectOptions(procedureSelect(), 'Composite Filling — ₱1,500.00');
    expect(screen.getByText('₱1,500.00').closest('p')!.textContent).toBe('Price: ₱1,500.00');
    await user.selectOptions(categorySelect(), 'Preventive Care');
    expect(procedureSelect().value).toBe('');
  });

  it('disables past dates and Sundays in the calendar, clinic time', async () => {
    await render();
    await ready();
    expect(screen.getByRole('heading', { name: 'January 2030' })).toBeTruthy();
    expect(day('2030-01-08').disabled).toBe(true);
    expect(day('2030-01-13').disabled).toBe(true);
    expect(day('2030-01-09').disabled).toBe(false);
    expect(day('2030-01-12').disabled).toBe(false);
    expect(day('2030-01-09').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the slot grid from 9:00 AM to 5:40 PM with lunch, booked, blocked and past slots unavailable', async () => {
    const { user } = await render();
    await ready();
    await user.selectOptions(dentistSelect(), 'Dr. Andrea Villanueva');
    await waitFor(() => expect(slot('09:00')).toBeTruthy());
    const today = slotStates();
    expect(Object.keys(today)).toHaveLength(27);
    expect(today).toMatchObject({ '09:00': 'past', '10:00': 'past', '10:20': 'available', '12:00': 'lunch' });
    await user.click(day(THURSDAY));
    await waitFor(() => expect(slotStates()['11:00']).toBe('booked'));
    const thursday = slotStates();
    expect(thursday).toMatchObject({
      '09:00': 'available',
      '11:00': 'booked',
      '11:40': 'available',
      '12:00': 'lunch',
      '12:40': 'lunch',
      '13:00': 'available',
      '14:00': 'blocked',
      '14:40': 'blocked',
      '15:00': 'available',
      '17:40': 'available',
    });
    expect(slot('11:00')!.getAttribute('aria-disabled')).toBe('true');
    expect(slot('11:00')!.getAttribute('aria-label')).toBe('11:00 AM, Booked');
    await user.click(slot('11:00')!);
    expect(slot('11:00')!.getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps Book disabled until dentist, patient, slot, category and procedure are set', async () => {
    const { user } = await render();
    await ready();
    const disabled = () => submitButton().getAttribute('aria-disabled') === 'true';
    expect(disabled()).toBe(true);
    await user.selectOptions(dentistSelect(), 'Dr. Andrea Villanueva');
    await choosePatient(user, 'mar', 'Maria Santos');
    await user.click(day(THURSDAY));
    await waitFor(() => expect(slot('10:20')).toBeTruthy());
    await user.click(slot('10:20')!);
    await user.selectOptions(categorySelect(), 'Restorative');
    expect(disabled()).toBe(true);
    await user.selectOptions(procedureSelect(), 'Composite Filling — ₱1,500.00');
    expect(disabled()).toBe(false);
    await user.selectOptions(categorySelect(), 'Preventive Care');
    expect(disabled()).toBe(true);
  });

  it('pressed anyway, highlights every missing field with the spec’s messages, banner and dialog', async () => {
    const { user } = await render();
    await ready();
    const book = submitButton();
    await user.click(book);
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(swalText()).toBe('Please fix the highlighted errors.');
    // Nothing is being saved while the dialog is open: the button does not say so.
    expect(book.textContent).toBe('Book');
    await dismissAlert();
    for (const message of [
      'Dentist is required.',
      'Patient is required.',
      'Time slot is required.',
      'Procedure category is required.',
      'Procedure is required.',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByRole('alert').textContent).toBe('Please fix the highlighted errors.');
    expect(dentistSelect().getAttribute('aria-invalid')).toBe('true');
    expect(patientInput().getAttribute('aria-invalid')).toBe('true');
    expect(categorySelect().getAttribute('aria-invalid')).toBe('true');
    expect(dentistSelect().getAttribute('aria-describedby')).toBe(screen.getByText('Dentist is required.').id);
    await user.selectOptions(dentistSelect(), 'Dr. Andrea Villanueva');
    expect(screen.queryByText('Dentist is required.')).toBeNull();
    expect(await rows('appointments')).toHaveLength(1);
  });

  it("says 'Clinic is closed on this day.' for a Sunday and offers no slots", async () => {
    await render({ prefill: { dentistId: 1, date: '2030-01-13', time: '10:00' } });
    await ready();
    expect(await screen.findAllByText('Clinic is closed on this day.')).toHaveLength(2);
    expect(slot('10:00')).toBeNull();
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
  });

  it("says 'Date must not be in the past.' for a date before the clinic's today", async () => {
    await render({ prefill: { dentistId: 1, date: '2030-01-08' } });
    await ready();
    expect(await screen.findByText('Date must not be in the past.')).toBeTruthy();
    await waitFor(() => expect(slotStates()['17:40']).toBe('past'));
  });

  it('takes the dentist, date and slot chosen in the calendar view', async () => {
    await render({ prefill: { dentistId: 2, date: THURSDAY, time: '15:20' } });
    await ready();
    expect(dentistSelect().value).toBe('2');
    expect(day(THURSDAY).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(slot('15:20')!.getAttribute('aria-pressed')).toBe('true'));
  });

  it("books with the spec's insert, +08:00, no status, then says 'Appointment booked!'", async () => {
    const { user, onSaved, queryClient } = await render();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await ready();
    await fillForm(user);
    await user.type(screen.getByLabelText(/Additional Notes/), '  upper left molar ');
    await user.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const booked = await appointmentsOf(11);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      clinic_id: 1,
      dentist_id: 1,
      patient_id: 11,
      reason: 'Composite Filling — Notes: upper left molar',
      status: 'Scheduled',
      deleted: false,
    });
    expect(instant(booked[0]!.appointment_time)).toBe('2030-01-10T02:20:00.000Z');
    expect(onSaved).toHaveBeenCalledWith(booked[0]!.id);
    expect(await screen.findByText('Appointment booked!')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: appointmentKeys.lists() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: appointmentKeys.dentistDays() });
  });

  it('books once when Book is double-clicked', async () => {
    const { user, onSaved } = await render();
    await ready();
    await fillForm(user);
    await user.dblClick(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(await appointmentsOf(11)).toHaveLength(1);
  });

  it("re-checks the slot before saving: 'Invalid Slot' when it was taken meanwhile, and the grid refreshes", async () => {
    const { user } = await render();
    await ready();
    await fillForm(user);
    // Someone else books 10:20 with Dr. Andrea after the grid was drawn.
    await seed.appointments([
      {
        id: 777,
        clinic_id: 1,
        dentist_id: 1,
        patient_id: 12,
        appointment_time: '2030-01-10T02:20:00Z',
        reason: 'Composite Filling',
      },
    ]);
    await user.click(submitButton());
    expect(await screen.findByText('Invalid Slot')).toBeTruthy();
    expect(swalText()).toBe('This slot is either booked, blocked, or in the past. Please choose another.');
    await dismissAlert();
    expect(slotStates()['10:20']).toBe('booked');
    expect(screen.getByText('The time you chose is no longer available. Please choose another.')).toBeTruthy();
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(await appointmentsOf(11)).toHaveLength(0);
  });

  it("says 'Invalid Slot' for a slot that began since \"now\" last moved, not 'Validation Error'", async () => {
    vi.setSystemTime(new Date('2030-01-09T02:19:30Z')); // 10:19:30
    const { user } = await render({ prefill: { dentistId: 1, date: '2030-01-09', time: '10:20' } });
    await ready();
    await choosePatient(user, 'mar', 'Maria Santos');
    await user.selectOptions(categorySelect(), 'Restorative');
    await user.selectOptions(procedureSelect(), 'Composite Filling — ₱1,500.00');
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
    vi.setSystemTime(new Date('2030-01-09T02:20:05Z')); // 10:20:05, before the next 60 s tick
    await user.click(submitButton());
    expect(await screen.findByText('Invalid Slot')).toBeTruthy();
    await dismissAlert();
    expect(await appointmentsOf(11)).toHaveLength(0);
  });

  it("shows 'Booking failed!' when the database refuses the slot (dentist_unavailable), and refreshes the slots", async () => {
    const { user, onSaved } = await render();
    await ready();
    await fillForm(user);
    // Dr. Andrea blocks 10:00–11:00 after the form checked the slot, before the insert arrives.
    await submitChangedBeforeInsert(user, () =>
      seed.dentist_availability([
        {
          clinic_id: 1,
          dentist_id: 1,
          specific_date: THURSDAY,
          start_time: '10:00:00',
          end_time: '11:00:00',
          is_available: false,
        },
      ]),
    );
    await expectBookingFailedAlert();
    await dismissAlert();
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toBe('Booking failed!This slot may already be taken or dentist is unavailable.');
    await waitFor(() => expect(slotStates()['10:20']).toBe('blocked'));
    expect(slotStates()['10:40']).toBe('blocked');
    expect(loggedRefusalCode()).toBe('dentist_unavailable');
    expect(await appointmentsOf(11)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it.each([
    [
      'slot_taken',
      'another patient is booked at 10:20 with Dr. Andrea',
      () =>
        seed.appointments([
          { clinic_id: 1, dentist_id: 1, patient_id: 12, appointment_time: '2030-01-10T02:20:00Z', reason: null },
        ]),
    ],
    [
      'dentist_inactive',
      'Dr. Andrea is made inactive',
      () => realStack().query('update public.dentists set is_active = false where id = 1'),
    ],
    [
      'patient_deleted',
      'Maria Santos is deleted',
      () => realStack().query('update public.patients set deleted = true where id = 11'),
    ],
  ] as const)(
    "shows 'Booking failed!' when the database refuses the booking with %s (%s after the check)",
    async (code, _change, change) => {
      const { user, onSaved } = await render();
      await ready();
      await fillForm(user);
      await submitChangedBeforeInsert(user, change);
      await expectBookingFailedAlert();
      expect(loggedRefusalCode()).toBe(code);
      await dismissAlert();
      expect(screen.getByRole('alert').textContent).toBe(
        'Booking failed!This slot may already be taken or dentist is unavailable.',
      );
      expect(await appointmentsOf(11)).toHaveLength(0);
      expect(onSaved).not.toHaveBeenCalled();
    },
  );

  it("says 'Could not validate appointment. Please check connection.' when the server cannot be reached", async () => {
    const { user, onSaved } = await render();
    await ready();
    await fillForm(user);
    failNext({ method: 'GET', table: 'appointments' }, 'network', { times: 100 });
    await user.click(submitButton());
    expect(await screen.findByText('Could not validate appointment. Please check connection.')).toBeTruthy();
    expect(await appointmentsOf(11)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
    // Everything typed is still there.
    expect(patientInput().value).toBe('Maria Santos');
    expect(procedureSelect().value).toBe('102');
  });

  it('reports a procedure that left the price list meanwhile (unknown_procedure) and reads the list again', async () => {
    const { user } = await render();
    await ready();
    await fillForm(user);
    // Composite Filling leaves the price list in another tab, after the form read it.
    await realStack().query('delete from public.procedures where id = 102');
    await user.click(submitButton());
    expect(
      await screen.findByText('This procedure is no longer in the clinic’s price list. Please choose another.'),
    ).toBeTruthy();
    expect(loggedRefusalCode()).toBe('unknown_procedure');
    expect(await appointmentsOf(11)).toHaveLength(0);
    const offered = () =>
      within(procedureSelect())
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() => expect(offered()).toEqual(['Select Procedure', 'Temporary Filling — ₱700.00']));
  });

  it('greys out slots that begin while the form is open ("now" moves every 60 s)', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2030-01-09T02:19:00Z')); // 10:19
    const { user } = await render({ prefill: { dentistId: 1, date: '2030-01-09', time: '10:20' } });
    await ready();
    await waitFor(() => expect(slot('10:20')!.getAttribute('aria-pressed')).toBe('true'));
    expect(slotStates()['10:20']).toBe('available');
    act(() => {
      vi.setSystemTime(new Date('2030-01-09T02:20:00Z'));
      vi.advanceTimersByTime(NOW_REFRESH_MS);
    });
    expect(slotStates()['10:20']).toBe('past');
    expect(slotStates()['10:40']).toBe('available');
    expect(screen.getByText('The time you chose is no longer available. Please choose another.')).toBeTruthy();
    await user.selectOptions(categorySelect(), 'Restorative');
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the Patient type-ahead', () => {
  it('searches the clinic’s patients in the database as the user types, deleted ones left out', async () => {
    const { user } = await render();
    await ready();
    await user.type(patientInput(), 'a');
    const matches = () => within(screen.getByRole('listbox', { name: 'Patients' })).queryAllByRole('option');
    await waitFor(() =>
      expect(matches().map((option) => option.textContent)).toEqual([
        'Ana Cruz · +63 917 333 3333',
        'Jose Rizal · +63 917 222 2222',
        'Maria Santos · +63 917 111 1111',
      ]),
    );
    await user.type(patientInput(), 'na');
    await waitFor(() => expect(matches().map((option) => option.textContent)).toEqual(['Ana Cruz · +63 917 333 3333']));
    // By phone and Messenger id too, and at most 20 matches.
    await user.clear(patientInput());
    await user.type(patientInput(), '222');
    await waitFor(() =>
      expect(matches().map((option) => option.textContent)).toEqual(['Jose Rizal · +63 917 222 2222']),
    );
    await user.clear(patientInput());
    await user.type(patientInput(), 'psid');
    await waitFor(() => expect(matches().map((option) => option.textContent)).toEqual(['Ana Cruz · +63 917 333 3333']));
    await seed.patients(
      Array.from({ length: 25 }, (_, index) => ({ name: `Zed ${String(index + 1).padStart(2, '0')}` })),
    );
    await user.clear(patientInput());
    await user.type(patientInput(), 'zed');
    await waitFor(() => expect(matches()).toHaveLength(20));
    expect(matches()[0]!.textContent).toMatch(/^Zed 01 · /);
  });

  it("finds a name whatever the accents and case typed, by the patient entity's rule", async () => {
    const { user } = await render();
    await ready();
    await seed.patients([
      { name: 'Niña Reyes', phone: '0917 555 0404' },
      { name: 'NIÑA BAUTISTA', phone: '0917 555 0505' },
      { name: 'Nino Cruz', phone: '0917 555 0606' },
    ]);
    await user.type(patientInput(), 'nina');
    const matches = () => within(screen.getByRole('listbox', { name: 'Patients' })).queryAllByRole('option');
    await waitFor(() =>
      expect(matches().map((option) => option.textContent)).toEqual([
        'NIÑA BAUTISTA · 0917 555 0505',
        'Niña Reyes · 0917 555 0404',
      ]),
    );
  });

  it('is a keyboard-accessible combobox: arrows move, Enter picks, Esc closes the list but not the form', async () => {
    const { user, onClose } = await render();
    await ready();
    await user.type(patientInput(), 'o');
    const listbox = screen.getByRole('listbox', { name: 'Patients' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Jose Rizal · +63 917 222 2222', 'Maria Santos · +63 917 111 1111']),
    );
    expect(patientInput().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    const active = patientInput().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)!.textContent).toMatch(/^Jose Rizal/);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(patientInput().value).toBe('Maria Santos');
    expect(patientInput().getAttribute('aria-expanded')).toBe('false');
    await user.type(patientInput(), 'x');
    expect(patientInput().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(patientInput().getAttribute('aria-expanded')).toBe('false');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches, and clears the chosen patient when the text changes', async () => {
    const { user } = await render();
    await ready();
    await choosePatient(user, 'jos', 'Jose Rizal');
    await user.type(patientInput(), 'zz');
    expect(await screen.findByText('No patients match “Jose Rizalzz”.')).toBeTruthy();
    await user.click(submitButton());
    await dismissAlert();
    expect(screen.getByText('Patient is required.')).toBeTruthy();
  });
});
