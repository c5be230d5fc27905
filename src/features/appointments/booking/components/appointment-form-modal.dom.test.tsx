// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentRow } from '@/lib/database.types';
import { NOW_REFRESH_MS } from '@/lib/use-now';
import { db, failNext, holdNext, seed } from '@/testing/mocks';
import { appointmentKeys } from '../../model/query-keys';
import { getBookingDentists } from '../api/get-dentists';
import { getBookingProcedures } from '../api/get-procedures';
import { enforceBookingRules } from '../testing/database-rules';
import { prepareDom, renderWithQueries, testQueryClient } from '../testing/render';
import { AppointmentFormModal, type AppointmentFormModalProps } from './appointment-form-modal';

const MANILA = 'Asia/Manila';
// Wednesday 9 January 2030, 10:05 in Manila (02:05Z): 9:00–10:00 have begun, 10:20 has not.
const NOW = new Date('2030-01-09T02:05:00Z');
const THURSDAY = '2030-01-10';

beforeEach(() => {
  prepareDom();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  cleanup();
  // sweetalert2 leaves its container behind when a test ends with a dialog open.
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const APPOINTMENTS: Partial<AppointmentRow>[] = [
  // Thursday 11:00 Manila with Dr. Andrea, another patient.
  { id: 501, dentist_id: 1, patient_id: 13, appointment_time: '2030-01-10T03:00:00Z', reason: 'Dental Consultation' },
];

/**
 * Clinic 1 (Manila) with its dentists, patients, price list, Dr. Andrea's block on Thursday
 * 14:00–15:00 and these appointments; the database's booking rules apply to later writes.
 */
function arrange(appointments: Partial<AppointmentRow>[]) {
  seed.clinics([{ id: 1 }, { id: 2 }]);
  seed.dentists([
    { id: 1, name: 'Dr. Andrea Villanueva' },
    { id: 2, name: 'dr. paolo dimaculangan' },
    { id: 3, name: 'Dr. Ramon Bautista', is_active: false },
    { id: 4, name: 'Dr. Gone', deleted: true },
    { id: 5, name: 'Dr. Other Clinic', clinic_id: 2 },
  ]);
  seed.patients([
    { id: 11, name: 'Maria Santos', phone: '+63 917 111 1111' },
    { id: 12, name: 'Jose Rizal', phone: '+63 917 222 2222' },
    { id: 13, name: 'Ana Cruz', phone: '+63 917 333 3333', messenger_id: 'psid-ana' },
    { id: 14, name: 'Old Patient', deleted: true },
    { id: 15, name: 'Ana Other Clinic', clinic_id: 2 },
  ]);
  seed.procedure_categories([
    { id: 1, name: 'Restorative' },
    { id: 2, name: 'Preventive Care' },
    { id: 3, clinic_id: 2, name: 'Other Clinic Care' },
  ]);
  seed.procedures([
    { id: 101, category_id: 1, name: 'Temporary Filling', price: 700 },
    { id: 102, category_id: 1, name: 'Composite Filling', price: 1500 },
    { id: 201, category_id: 2, name: 'Dental Consultation', price: 500 },
    { id: 301, category_id: 3, clinic_id: 2, name: 'Other Clinic Cleaning', price: 900 },
  ]);
  seed.appointments(appointments.map((row) => ({ clinic_id: 1, reason: null, ...row })));
  seed.dentist_availability([
    { dentist_id: 1, specific_date: THURSDAY, start_time: '14:00:00', end_time: '15:00:00', is_available: false },
  ]);
  enforceBookingRules();
}

/** The stored appointments of a patient. */
const appointmentsOf = (patientId: number) => db.table('appointments').where((row) => row.patient_id === patientId);
const instant = (time: string) => new Date(time).toISOString();

function render(props: Partial<AppointmentFormModalProps> = {}, appointments = APPOINTMENTS) {
  arrange(appointments);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup();
  const rendered = renderWithQueries(
    <AppointmentFormModal clinicId={1} timeZone={MANILA} onClose={onClose} onSaved={onSaved} {...props} />,
  );
  return { onClose, onSaved, user, ...rendered };
}

const dialog = () => screen.getAllByRole('dialog')[0]!;
const dentistSelect = () => screen.getByLabelText('Dentist') as HTMLSelectElement;
const categorySelect = () => screen.getByLabelText('Procedure Category') as HTMLSelectElement;
const procedureSelect = () => screen.getByLabelText('Procedure') as HTMLSelectElement;
const patientInput = () => screen.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement;
const submitButton = (name: 'Book' | 'Save' = 'Book') => within(dialog()).getByRole('button', { name });
const slot = (time: string) => document.querySelector<HTMLButtonElement>(`[data-time="${time}"]`);
const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
const slotStates = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll<HTMLElement>('[data-time]')).map((el) => [el.dataset.time, el.dataset.state]),
  );
const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
const swalText = () => document.querySelector('.swal2-html-container')?.textContent;

async function ready() {
  await screen.findByLabelText('Dentist');
}

async function choosePatient(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  await user.clear(patientInput());
  await user.type(patientInput(), typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

/** Fills the whole form for Dr. Andrea on Thursday 10:20, Composite Filling. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, patient = 'Maria Santos') {
  await user.selectOptions(dentistSelect(), 'Dr. Andrea Villanueva');
  await choosePatient(user, patient.slice(0, 4), patient);
  await user.click(day(THURSDAY));
  await waitFor(() => expect(slot('10:20')).toBeTruthy());
  await user.click(slot('10:20')!);
  await user.selectOptions(categorySelect(), 'Restorative');
  await user.selectOptions(procedureSelect(), 'Composite Filling — ₱1,500.00');
}

async function dismissAlert() {
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
}

describe('the Add Appointment form', () => {
  it('lists the clinic’s dentists by name, inactive ones disabled with “(Inactive)”', async () => {
    render();
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
    const { user } = render();
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
    render();
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
    const { user } = render();
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
    const { user } = render();
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
    const { user } = render();
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
    expect(db.table('appointments').all()).toHaveLength(1);
  });

  it("says 'Clinic is closed on this day.' for a Sunday and offers no slots", async () => {
    render({ prefill: { dentistId: 1, date: '2030-01-13', time: '10:00' } });
    await ready();
    expect(await screen.findAllByText('Clinic is closed on this day.')).toHaveLength(2);
    expect(slot('10:00')).toBeNull();
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
  });

  it("says 'Date must not be in the past.' for a date before the clinic's today", async () => {
    render({ prefill: { dentistId: 1, date: '2030-01-08' } });
    await ready();
    expect(await screen.findByText('Date must not be in the past.')).toBeTruthy();
    await waitFor(() => expect(slotStates()['17:40']).toBe('past'));
  });

  it('takes the dentist, date and slot chosen in the calendar view', async () => {
    render({ prefill: { dentistId: 2, date: THURSDAY, time: '15:20' } });
    await ready();
    expect(dentistSelect().value).toBe('2');
    expect(day(THURSDAY).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(slot('15:20')!.getAttribute('aria-pressed')).toBe('true'));
  });

  it("books with the spec's insert, +08:00, no status, then says 'Appointment booked!'", async () => {
    const { user, onSaved, queryClient } = render();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await ready();
    await fillForm(user);
    await user.type(screen.getByLabelText(/Additional Notes/), '  upper left molar ');
    await user.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const booked = appointmentsOf(11);
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
    const { user, onSaved } = render();
    await ready();
    await fillForm(user);
    await user.dblClick(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(appointmentsOf(11)).toHaveLength(1);
  });

  it("re-checks the slot before saving: 'Invalid Slot' when it was taken meanwhile, and the grid refreshes", async () => {
    const { user } = render();
    await ready();
    await fillForm(user);
    // Someone else books 10:20 with Dr. Andrea after the grid was drawn.
    db.table('appointments').insert({
      id: 777,
      clinic_id: 1,
      dentist_id: 1,
      patient_id: 12,
      appointment_time: '2030-01-10T02:20:00Z',
      reason: 'Composite Filling',
    });
    await user.click(submitButton());
    expect(await screen.findByText('Invalid Slot')).toBeTruthy();
    expect(swalText()).toBe('This slot is either booked, blocked, or in the past. Please choose another.');
    await dismissAlert();
    expect(slotStates()['10:20']).toBe('booked');
    expect(screen.getByText('The time you chose is no longer available. Please choose another.')).toBeTruthy();
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(appointmentsOf(11)).toHaveLength(0);
  });

  it("says 'Invalid Slot' for a slot that began since \"now\" last moved, not 'Validation Error'", async () => {
    vi.setSystemTime(new Date('2030-01-09T02:19:30Z')); // 10:19:30
    const { user } = render({ prefill: { dentistId: 1, date: '2030-01-09', time: '10:20' } });
    await ready();
    await choosePatient(user, 'mar', 'Maria Santos');
    await user.selectOptions(categorySelect(), 'Restorative');
    await user.selectOptions(procedureSelect(), 'Composite Filling — ₱1,500.00');
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
    vi.setSystemTime(new Date('2030-01-09T02:20:05Z')); // 10:20:05, before the next 60 s tick
    await user.click(submitButton());
    expect(await screen.findByText('Invalid Slot')).toBeTruthy();
    await dismissAlert();
    expect(appointmentsOf(11)).toHaveLength(0);
  });

  it("shows 'Booking failed!' when the database refuses (23P01), and refreshes the slots", async () => {
    const { user, onSaved } = render();
    await ready();
    await fillForm(user);
    // Dr. Andrea blocks 10:00–11:00 after the form checked the slot, before the insert arrives.
    const insert = holdNext({ method: 'POST', table: 'appointments' });
    await user.click(submitButton());
    await insert.reached;
    db.table('dentist_availability').insert({
      clinic_id: 1,
      dentist_id: 1,
      specific_date: THURSDAY,
      start_time: '10:00:00',
      end_time: '11:00:00',
      is_available: false,
    });
    insert.release();
    expect(
      await screen.findByText('This slot may already be taken or dentist is unavailable.', {
        selector: '.swal2-html-container',
      }),
    ).toBeTruthy();
    expect(swalTitle()).toBe('Booking failed!');
    await dismissAlert();
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toBe('Booking failed!This slot may already be taken or dentist is unavailable.');
    await waitFor(() => expect(slotStates()['10:20']).toBe('blocked'));
    expect(slotStates()['10:40']).toBe('blocked');
    expect(appointmentsOf(11)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("says 'Could not validate appointment. Please check connection.' when the server cannot be reached", async () => {
    const { user, onSaved } = render();
    await ready();
    await fillForm(user);
    failNext({ method: 'GET', table: 'appointments' }, 'network', { times: 100 });
    await user.click(submitButton());
    expect(await screen.findByText('Could not validate appointment. Please check connection.')).toBeTruthy();
    expect(appointmentsOf(11)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
    // Everything typed is still there.
    expect(patientInput().value).toBe('Maria Santos');
    expect(procedureSelect().value).toBe('102');
  });

  it('reports a procedure that left the price list meanwhile (23514) and reads the list again', async () => {
    const { user } = render();
    await ready();
    await fillForm(user);
    // Composite Filling leaves the price list in another tab, after the form read it.
    db.table('procedures').delete(102);
    await user.click(submitButton());
    expect(
      await screen.findByText('This procedure is no longer in the clinic’s price list. Please choose another.'),
    ).toBeTruthy();
    expect(appointmentsOf(11)).toHaveLength(0);
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
    const { user } = render({ prefill: { dentistId: 1, date: '2030-01-09', time: '10:20' } });
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
    const { user } = render();
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
    seed.patients(Array.from({ length: 25 }, (_, index) => ({ name: `Zed ${String(index + 1).padStart(2, '0')}` })));
    await user.clear(patientInput());
    await user.type(patientInput(), 'zed');
    await waitFor(() => expect(matches()).toHaveLength(20));
    expect(matches()[0]!.textContent).toMatch(/^Zed 01 · /);
  });

  it('is a keyboard-accessible combobox: arrows move, Enter picks, Esc closes the list but not the form', async () => {
    const { user, onClose } = render();
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
    const { user } = render();
    await ready();
    await choosePatient(user, 'jos', 'Jose Rizal');
    await user.type(patientInput(), 'zz');
    expect(await screen.findByText('No patients match “Jose Rizalzz”.')).toBeTruthy();
    await user.click(submitButton());
    await dismissAlert();
    expect(screen.getByText('Patient is required.')).toBeTruthy();
  });
});

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

  it('shows the existing time, dentist and reason; Cancel books nothing and keeps the form', async () => {
    const { user, onSaved } = render({}, sameDay);
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
    ]);
    expect(screen.getByRole('button', { name: 'Edit Existing Appointment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect(appointmentsOf(11).map((row) => row.id)).toEqual([601, 602]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Add Appointment' })).toBeTruthy();
    expect(patientInput().value).toBe('Maria Santos');
  });

  it("'Edit Existing Appointment' opens that one for edit, and its save skips the check", async () => {
    const { user, onSaved } = render({}, sameDay);
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
    expect(appointmentsOf(11).map((row) => [row.id, instant(row.appointment_time)])).toEqual([
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
    render({ appointmentId: 700 }, editData);
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
    const { user, onSaved } = render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    await user.clear(screen.getByLabelText(/Additional Notes/));
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(700));
    const saved = db.table('appointments').find(700)!;
    expect(saved).toMatchObject({
      dentist_id: 1,
      patient_id: 12,
      reason: 'Composite Filling',
      status: 'Scheduled',
      deleted: false,
    });
    expect(instant(saved.appointment_time)).toBe('2030-01-10T05:20:00.000Z');
    expect(db.table('appointments').all()).toHaveLength(2);
    expect(await screen.findByText('Appointment updated!')).toBeTruthy();
  });

  it('fills the form from a fresh read, not from what a closed form left in the cache', async () => {
    arrange(editData);
    const queryClient = testQueryClient();
    // The lists are in the cache, so nothing else holds the form back; and a form closed a moment
    // ago left the appointment as it was before its save.
    await queryClient.prefetchQuery({ queryKey: appointmentKeys.dentists(1), queryFn: () => getBookingDentists(1) });
    await queryClient.prefetchQuery({
      queryKey: appointmentKeys.procedures(1),
      queryFn: () => getBookingProcedures(1),
    });
    queryClient.setQueryData(appointmentKeys.detail(1, 700), {
      ...db.table('appointments').find(700)!,
      reason: 'Composite Filling — Notes: before the save',
      patient_name: 'Jose Rizal',
    });
    renderWithQueries(
      <AppointmentFormModal clinicId={1} timeZone={MANILA} appointmentId={700} onClose={vi.fn()} onSaved={vi.fn()} />,
      queryClient,
    );
    await ready();
    expect((screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement).value).toBe('sensitive tooth');
  });

  it('says so clearly when the appointment was deleted elsewhere while the form was open, writing nothing', async () => {
    const { user, onSaved } = render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    db.table('appointments').update(700, { deleted: true }); // in another tab
    await user.click(submitButton('Save'));
    expect(
      await screen.findAllByText('This appointment no longer exists. It may have been deleted by someone else.'),
    ).not.toHaveLength(0);
    expect(instant(db.table('appointments').find(700)!.appointment_time)).toBe('2030-01-10T05:00:00.000Z');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('writes nothing when the appointment is deleted between the check and the save', async () => {
    const { user, onSaved } = render({ appointmentId: 700 }, editData);
    await ready();
    await waitFor(() => expect(slot('13:20')).toBeTruthy());
    await user.click(slot('13:20')!);
    const save = holdNext({ method: 'PATCH', table: 'appointments' });
    await user.click(submitButton('Save'));
    await save.reached;
    db.table('appointments').update(700, { deleted: true }); // in another tab, after the check
    save.release();
    expect(
      await screen.findByText('This appointment no longer exists. It may have been deleted by someone else.'),
    ).toBeTruthy();
    expect(instant(db.table('appointments').find(700)!.appointment_time)).toBe('2030-01-10T05:00:00.000Z');
    expect((submitButton('Save') as HTMLButtonElement).disabled).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('opens with a clear message for an appointment that is already deleted', async () => {
    const data = editData.map((row) => ({ ...row, deleted: row.id === 700 }));
    render({ appointmentId: 700 }, data);
    expect(
      await screen.findByText('This appointment no longer exists. It may have been deleted by someone else.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks for a procedure again when the stored one left the price list', async () => {
    const data = editData.map((row) => (row.id === 700 ? { ...row, reason: 'Gold Crown' } : row));
    render({ appointmentId: 700 }, data);
    expect(
      await screen.findByText('The stored procedure “Gold Crown” is no longer in the price list. Please choose one.'),
    ).toBeTruthy();
    expect(categorySelect().value).toBe('');
  });
});

describe('an appointment whose time has passed, edited (issue 12, item 6)', () => {
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
    const { user, onSaved } = render({ appointmentId: 800 }, pastData);
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
    const saved = db.table('appointments').find(800)!;
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
    const { user, onSaved } = render({ appointmentId: 800 }, pastData);
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
    expect(db.table('appointments').find(800)!.patient_id).toBe(12);

    await user.click(day(THURSDAY));
    await waitFor(() => expect(slotStates()['10:20']).toBe('available'));
    await user.click(slot('10:20')!);
    await user.click(submitButton('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(800));
    const saved = db.table('appointments').find(800)!;
    expect(saved).toMatchObject({ patient_id: 11, status: 'Scheduled' });
    expect(instant(saved.appointment_time)).toBe('2030-01-10T02:20:00.000Z');
  });
});

describe('the Notes box (issue 12, item 7)', () => {
  const notesBox = () => screen.getByLabelText(/Additional Notes/) as HTMLTextAreaElement;
  const counter = () => document.querySelector('.booking-notes-count')!;
  const counted = () => counter().firstChild!.textContent;

  it('counts as the check does, beside the chosen procedure, emoji as one character', async () => {
    const { user, onSaved } = render();
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
    const reason = appointmentsOf(11)[0]!.reason!;
    expect(reason).toBe(`Dental Consultation — Notes: ${'😀'.repeat(971)}`);
    expect(Array.from(reason)).toHaveLength(1000);
  });
});
