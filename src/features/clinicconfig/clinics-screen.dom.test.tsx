// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicRow } from '@/lib/database.types';
import { useSession } from '@/lib/session';
import { failNext, pgError, prepareDom, realStack, rows, seed, setupRealDatabase } from '@/testing/real-db';
import { facebookPage, fakePopup, mockFacebookService } from './facebook-connect/testing/facebook-service';
import { renderClinicConfig } from './testing/render';

setupRealDatabase();

beforeEach(async () => {
  prepareDom();
  // jsdom lays nothing out; sweetalert2 focuses only buttons with a size (it skips hidden ones).
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.style.display === 'none' ? 0 : 100;
  });
  await seed.clinics([
    {
      id: 1,
      name: 'Smile Dental',
      reminder_time: '09:00:00',
      address: '12 Rizal St., Makati',
      contact_email: 'hello@smile.example',
      contact_phone: '0917 555 0101',
      fb_page_id: '1000000000000001',
      messenger_page_id: '1000000000000001',
      page_token_hint: 'demo',
    },
    { id: 2, name: 'Bright Teeth', reminder_time: '08:00:00' },
  ]);
  // Clinic 1's page is connected: the service holds its token, the clinic row only the hint.
  await realStack().query(
    `insert into public.clinic_secrets (clinic_id, fb_page_access_token) values (1, 'EAAG-component-test-demo')`,
  );
});

afterEach(async () => {
  Swal.close();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The clinic as stored. */
async function storedClinic(id: number): Promise<ClinicRow> {
  const [clinic] = await rows('clinics', { id });
  return clinic!;
}

/** What the sidebar shows: the session's working clinic. */
function WorkingClinicName() {
  const { clinic } = useSession();
  return <p data-testid="working-clinic">{`${clinic.id}: ${clinic.name}`}</p>;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Waits for the sweetalert2 dialog with this title and returns its text lines. */
async function alertLines(title: string) {
  const popup = await waitFor(
    () => {
      const element = document.querySelector('.swal2-popup');
      expect(element?.querySelector('.swal2-title')?.textContent).toBe(title);
      return element!;
    },
    { timeout: 10_000 },
  );
  return [...popup.querySelectorAll('.swal2-html-container p')].map((line) => line.textContent);
}

async function dismissAlert() {
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
}

/** sweetalert2 moves the focus once its dialog is shown. */
async function expectCancelFocused() {
  await waitFor(() => expect((document.activeElement as HTMLElement).textContent).toBe('Cancel'));
}

async function openedForm() {
  await screen.findByLabelText('Clinic Name*');
}

/** Submits the form and waits for the confirmation with this title. */
async function submitAndConfirm(submit: string, title: string) {
  fireEvent.click(button(submit));
  await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe(title), { timeout: 10_000 });
}

describe('Clinic Configuration for an admin', () => {
  it('shows the clinic with the spec texts, the token only as its hint, and no clinic selector', async () => {
    await renderClinicConfig();
    await openedForm();
    expect(screen.getByRole('heading', { name: 'Clinic Configuration', level: 1 })).toBeTruthy();
    expect(input('Clinic Name*').value).toBe('Smile Dental');
    expect(input('Reminder Time*').value).toBe('09:00');
    expect(input('Reminder Time*').type).toBe('time');
    expect(input('Messenger Page Access Token*').value).toBe('••••••••demo');
    expect(input('Messenger Page Access Token*').readOnly).toBe(true);
    expect(input('Address').value).toBe('12 Rizal St., Makati');
    expect(input('Contact Email').type).toBe('email');
    expect(input('Contact Phone').value).toBe('0917 555 0101');
    expect(input('Facebook Page ID').value).toBe('1000000000000001');
    expect(input('Facebook Page ID').readOnly).toBe(true);
    expect(input('Messenger Page ID').readOnly).toBe(true);
    expect(button('Connect Facebook Page').disabled).toBe(false);
    expect(button('Update Clinic')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Clinic' })).toBeNull();
    expect(screen.queryByLabelText('Select clinic')).toBeNull();
    expect(screen.queryByRole('option', { name: 'Add Clinic' })).toBeNull();
  });

  it('updates the reminder time and phone after "Update Clinic Info?", with Cancel focused first', async () => {
    await renderClinicConfig();
    await openedForm();
    fireEvent.change(input('Reminder Time*'), { target: { value: '07:30' } });
    fireEvent.change(input('Contact Phone'), { target: { value: ' 0918 555 0202 ' } });
    fireEvent.change(input('Address'), { target: { value: '   ' } });

    await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
    await expectCancelFocused();
    expect(screen.getByRole('button', { name: 'Yes, Update' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
    expect(await storedClinic(1)).toMatchObject({ reminder_time: '09:00:00', contact_phone: '0917 555 0101' });
    expect(input('Reminder Time*').value).toBe('07:30');
    await waitFor(() => expect(button('Update Clinic').disabled).toBe(false));

    await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
    expect(await alertLines('Success!')).toEqual(['Clinic information has been updated.']);
    expect(await storedClinic(1)).toMatchObject({
      name: 'Smile Dental',
      reminder_time: '07:30:00',
      contact_phone: '0918 555 0202',
      address: null,
      contact_email: 'hello@smile.example',
      fb_page_id: '1000000000000001',
      page_token_hint: 'demo',
    });
    await dismissAlert();
    expect(input('Contact Phone').value).toBe('0918 555 0202');
  });

  it('the saved change shows at once in the audit trail below, by the admin who made it', async () => {
    const { user } = await renderClinicConfig();
    await openedForm();
    fireEvent.change(input('Reminder Time*'), { target: { value: '07:30' } });
    await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
    expect(await alertLines('Success!')).toEqual(['Clinic information has been updated.']);
    await dismissAlert();

    // The database's audit trigger wrote the entry; the trail is read again once the clinic saved.
    const change = await waitFor(
      () => {
        const found = within(screen.getByRole('table', { name: 'Audit trail' }))
          .getAllByRole('row')
          .find((row) => row.textContent?.includes('Clinic settings changed'));
        expect(found).toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(
      within(change)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    ).toEqual([
      `${user.name} Admin`,
      'Browser',
      'Clinic settings changed Smile Dental',
      'Reminder time: 9:00 AM → 7:30 AM',
    ]);
    // The trail's User filter names the people in it (the database's audit_log_actors).
    const filters = screen.getByRole('form', { name: 'Audit trail filters' });
    await waitFor(() =>
      expect(
        within(within(filters).getByLabelText('User'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toContain(`${user.name} (${user.supabase_email})`),
    );
  });

  it("renaming the admin's own clinic renames the working clinic too (the sidebar follows)", async () => {
    await renderClinicConfig({ extra: <WorkingClinicName /> });
    await openedForm();
    expect(screen.getByTestId('working-clinic').textContent).toBe('1: Smile Dental');
    fireEvent.change(input('Clinic Name*'), { target: { value: 'Smile Dental Makati' } });
    await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
    expect(await alertLines('Success!')).toEqual(['Clinic information has been updated.']);
    await dismissAlert();
    expect(screen.getByTestId('working-clinic').textContent).toBe('1: Smile Dental Makati');
  });

  describe('Update Clinic when someone else saved the clinic meanwhile', () => {
    const CHANGED =
      "Someone else changed this clinic's settings while you were editing. The form now shows their changes, with yours kept: check it, then save again.";

    it('undoes nothing of theirs, shows their reminder time and VAT, and keeps the phone typed here', async () => {
      await renderClinicConfig();
      await openedForm();
      fireEvent.change(input('Contact Phone'), { target: { value: '0918 555 0202' } });
      // Another admin moves the reminder time and ticks VAT-registered from another desk.
      await realStack().query(`update public.clinics set reminder_time = '07:15', vat_registered = true where id = 1`);

      await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CHANGED), { timeout: 10_000 });
      expect(document.querySelector('.swal2-container')).toBeNull();
      expect(await storedClinic(1)).toMatchObject({
        reminder_time: '07:15:00',
        vat_registered: true,
        contact_phone: '0917 555 0101',
      });
      expect(input('Reminder Time*').value).toBe('07:15');
      expect(input('VAT-registered').checked).toBe(true);
      expect(input('Contact Phone').value).toBe('0918 555 0202');

      // Saving again, now on what the form shows, keeps both.
      await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
      expect(await alertLines('Success!')).toEqual(['Clinic information has been updated.']);
      await dismissAlert();
      expect(await storedClinic(1)).toMatchObject({
        reminder_time: '07:15:00',
        vat_registered: true,
        contact_phone: '0918 555 0202',
      });
    });

    it('shows their new clinic name in the form and the working clinic, and keeps a time typed here', async () => {
      await renderClinicConfig({ extra: <WorkingClinicName /> });
      await openedForm();
      fireEvent.change(input('Reminder Time*'), { target: { value: '08:00' } });
      await realStack().query(
        `update public.clinics set name = 'Smile Dental Makati', reminder_time = '07:15', recall_interval_months = 12
          where id = 1`,
      );

      await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CHANGED), { timeout: 10_000 });
      expect(input('Clinic Name*').value).toBe('Smile Dental Makati');
      expect(input('Recall Interval (months)*').value).toBe('12');
      expect(input('Reminder Time*').value).toBe('08:00');
      expect(screen.getByTestId('working-clinic').textContent).toBe('1: Smile Dental Makati');
      expect(await storedClinic(1)).toMatchObject({ name: 'Smile Dental Makati', reminder_time: '07:15:00' });
    });
  });

  it('refuses a missing name, a missing time and a bad e-mail at their fields, sending nothing', async () => {
    await renderClinicConfig();
    await openedForm();
    fireEvent.change(input('Clinic Name*'), { target: { value: '  ' } });
    fireEvent.change(input('Reminder Time*'), { target: { value: '' } });
    fireEvent.change(input('Contact Email'), { target: { value: 'smile-at-example' } });
    fireEvent.change(input('Contact Phone'), { target: { value: '1'.repeat(51) } });
    fireEvent.click(button('Update Clinic'));

    expect((await screen.findByRole('alert')).textContent).toBe('Please fix the highlighted fields.');
    expect(screen.getByText('Clinic Name is required.')).toBeTruthy();
    expect(screen.getByText('Reminder Time is required.')).toBeTruthy();
    expect(screen.getByText('Contact Email must be an e-mail address, like clinic@example.com.')).toBeTruthy();
    expect(screen.getByText('Contact Phone must be at most 50 characters.')).toBeTruthy();
    expect(input('Clinic Name*').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Clinic Name*'));
    expect(document.querySelector('.swal2-container')).toBeNull();
    expect(input('Contact Email').value).toBe('smile-at-example');
    expect(await storedClinic(1)).toMatchObject({ name: 'Smile Dental', reminder_time: '09:00:00' });
  });

  it('when the database refuses the update, then "Error" / "Failed to save clinic." and the input stays', async () => {
    await renderClinicConfig();
    await openedForm();
    fireEvent.change(input('Clinic Name*'), { target: { value: 'Smile Dental Makati' } });
    failNext({ rpc: 'update_clinic_settings' }, pgError('42501', 'permission denied'));
    await submitAndConfirm('Update Clinic', 'Update Clinic Info?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Update' }));
    expect(await alertLines('Error')).toEqual(['Failed to save clinic.', 'Your role may not do this.']);
    await dismissAlert();
    expect(input('Clinic Name*').value).toBe('Smile Dental Makati');
    expect(screen.getByRole('alert').textContent).toContain('Failed to save clinic.');
    expect((await storedClinic(1)).name).toBe('Smile Dental');
  });

  it("'Back' returns to the Patients tab", async () => {
    const { selectTab } = await renderClinicConfig();
    await openedForm();
    fireEvent.click(button('Back'));
    expect(selectTab).toHaveBeenCalledWith('patients');
  });

  it("without a clinic: 'No clinic selected or available.'", async () => {
    await renderClinicConfig({ clinic: { id: null, name: null } });
    expect(await screen.findByText('No clinic selected or available.')).toBeTruthy();
    expect(screen.queryByLabelText('Clinic Name*')).toBeNull();
  });
});

describe('Clinic Configuration for the superadmin', () => {
  it('lists every clinic plus Add Clinic; choosing one makes it the working clinic', async () => {
    await renderClinicConfig({ role: 'superadmin' });
    await openedForm();
    const selector = (await screen.findByLabelText('Select clinic')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...selector.options].map((option) => option.text)).toEqual([
        'Bright Teeth',
        'Smile Dental',
        'Add Clinic',
      ]),
    );
    expect(selector.value).toBe('1');
    fireEvent.change(selector, { target: { value: '2' } });
    await waitFor(() => expect(input('Clinic Name*').value).toBe('Bright Teeth'));
    expect(input('Reminder Time*').value).toBe('08:00');
    expect(input('Messenger Page Access Token*').value).toBe('Not connected');
    expect(screen.getByText('Not connected — use Connect Facebook Page.')).toBeTruthy();
  });

  it('adds a clinic after "Add Clinic?"; it is selected and listed at once', async () => {
    await renderClinicConfig({ role: 'superadmin' });
    await openedForm();
    const selector = screen.getByLabelText('Select clinic') as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Bright Teeth' });
    fireEvent.change(selector, { target: { value: 'new' } });

    await screen.findByRole('button', { name: 'Save Clinic' });
    expect(input('Clinic Name*').value).toBe('');
    expect(input('Reminder Time*').value).toBe('09:00');
    expect(input('Messenger Page Access Token*').value).toBe('Not connected');
    expect(screen.queryByRole('button', { name: 'Update Clinic' })).toBeNull();

    fireEvent.click(button('Connect Facebook Page'));
    expect(await alertLines('Save Clinic First')).toEqual([
      'Please save the clinic before connecting a Facebook page.',
    ]);
    await dismissAlert();

    fireEvent.change(input('Clinic Name*'), { target: { value: 'Ngiti North' } });
    fireEvent.change(input('Contact Email'), { target: { value: 'north@ngiti.example' } });
    await submitAndConfirm('Save Clinic', 'Add Clinic?');
    await expectCancelFocused();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Add' }));
    expect(await alertLines('Success!')).toEqual(['New clinic has been added.']);
    await dismissAlert();

    const added = await rows('clinics', { name: 'Ngiti North' });
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      reminder_time: '09:00:00',
      contact_email: 'north@ngiti.example',
      address: null,
      contact_phone: null,
    });
    await waitFor(() => expect(selector.value).toBe(String(added[0]!.id)));
    expect([...selector.options].map((option) => option.text)).toEqual([
      'Bright Teeth',
      'Ngiti North',
      'Smile Dental',
      'Add Clinic',
    ]);
    expect(await screen.findByRole('button', { name: 'Update Clinic' })).toBeTruthy();
    expect(input('Clinic Name*').value).toBe('Ngiti North');
  });
});

describe('Connect Facebook Page', () => {
  function openWith(popup: ReturnType<typeof fakePopup> | null) {
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    return open;
  }

  it('opens the popup in the click, polls, lists the pages and connects the chosen one', async () => {
    const service = mockFacebookService();
    const popup = fakePopup();
    const open = openWith(popup);
    await renderClinicConfig({ clinic: { id: 2, name: 'Bright Teeth' } });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]).toEqual(['', 'ngiti-facebook-connect', expect.any(String)]);
    const connecting = button('Connecting...');
    expect(connecting.disabled).toBe(true);
    await waitFor(() =>
      expect(popup.location.href).toBe('http://service.test/api/clinics/2/facebook/connect?state=v1.state.mac'),
    );
    expect(popup.opener).toBeNull();
    await waitFor(() => expect(service.calls.pages).toBeGreaterThanOrEqual(2));

    service.grant([
      facebookPage({ id: '1000000000000002', name: 'Bright Teeth Dental', access_token: 'fbp_handle_2' }),
      facebookPage({
        id: '1000000000000003',
        name: 'Ngiti Kids',
        access_token: 'fbp_handle_3',
        picture: { data: { url: 'https://scontent.xx.fbcdn.net/kids.png' } },
      }),
    ]);
    const picker = within(await screen.findByRole('dialog', { name: 'Select Facebook Page to Connect' }));
    expect(popup.closed).toBe(true);
    expect(button('Connect Facebook Page').disabled).toBe(false);
    const first = picker.getByRole('button', { name: 'Bright Teeth Dental' });
    expect(first.textContent).toBe('BTBright Teeth Dental');
    const second = picker.getByRole('button', { name: 'Ngiti Kids' });
    expect(second.querySelector('img')?.getAttribute('src')).toBe('https://scontent.xx.fbcdn.net/kids.png');
    expect(picker.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    fireEvent.click(first);
    expect(await alertLines('Facebook Page Connected')).toEqual(['Facebook Page Connected!', 'Bright Teeth Dental']);
    expect(service.selected).toEqual([
      { clinicId: 2, body: { pageId: '1000000000000002', pageAccessToken: 'fbp_handle_2' } },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Select Facebook Page to Connect' })).toBeNull();
    await dismissAlert();
    await waitFor(() => expect(input('Messenger Page Access Token*').value).toBe('••••••••le_2'));
    expect(input('Facebook Page ID').value).toBe('1000000000000002');
    expect(input('Messenger Page ID').value).toBe('1000000000000002');
    expect(button('Disconnect page')).toBeTruthy();
    expect(await storedClinic(2)).toMatchObject({ fb_page_id: '1000000000000002', page_token_hint: 'le_2' });
  });

  it('when choosing the page fails, then the service’s reason shows and the picker stays', async () => {
    const service = mockFacebookService();
    openWith(fakePopup());
    // The page granted is the one Smile Dental (clinic 1) has connected already.
    service.grant([facebookPage({ id: '1000000000000001' })]);
    await renderClinicConfig({ clinic: { id: 2, name: 'Bright Teeth' } });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    const picker = within(await screen.findByRole('dialog', { name: 'Select Facebook Page to Connect' }));
    fireEvent.click(picker.getByRole('button', { name: 'Bright Teeth Dental' }));
    expect(await alertLines('Error')).toEqual([
      'Failed to connect selected Facebook page.',
      'This Facebook page is already connected to another clinic.',
    ]);
    await dismissAlert();
    expect(screen.getByRole('dialog', { name: 'Select Facebook Page to Connect' })).toBeTruthy();
    expect((await storedClinic(2)).fb_page_id).toBeNull();
  });

  it("the picker's Cancel closes it and connects nothing", async () => {
    const service = mockFacebookService();
    openWith(fakePopup());
    service.grant([facebookPage()]);
    await renderClinicConfig({ clinic: { id: 2, name: 'Bright Teeth' } });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    const picker = within(await screen.findByRole('dialog', { name: 'Select Facebook Page to Connect' }));
    fireEvent.click(picker.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Facebook Page to Connect' })).toBeNull());
    expect(service.calls['select-page']).toBe(0);
    expect(input('Messenger Page Access Token*').value).toBe('Not connected');
    expect(button('Connect Facebook Page').disabled).toBe(false);
  });

  it("when nothing arrives within the polls, then 'Timeout' and the popup is closed", async () => {
    const service = mockFacebookService();
    const popup = fakePopup();
    openWith(popup);
    await renderClinicConfig({
      clinic: { id: 2, name: 'Bright Teeth' },
      timing: { intervalMs: 5, maxPolls: 4, closeCheckMs: 5 },
    });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    expect(await alertLines('Timeout')).toEqual(['Facebook connect did not finish. Please try again.']);
    expect(service.calls.pages).toBe(4);
    expect(popup.closed).toBe(true);
    await dismissAlert();
    expect(button('Connect Facebook Page').disabled).toBe(false);
  });

  it('when the user closes the popup, then polling stops and the button is back', async () => {
    const service = mockFacebookService();
    const popup = fakePopup();
    openWith(popup);
    // Polls far apart: only the close can end this within the test.
    await renderClinicConfig({
      clinic: { id: 2, name: 'Bright Teeth' },
      timing: { intervalMs: 60_000, maxPolls: 30, closeCheckMs: 10 },
    });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    await waitFor(() => expect(popup.location.href).toContain('/facebook/connect?state='));
    popup.close();
    expect(
      (await screen.findByText('The Facebook window was closed before a page was chosen. No page was connected.'))
        .textContent,
    ).toBeTruthy();
    expect(button('Connect Facebook Page').disabled).toBe(false);
    // One last look after the close, none of the scheduled polls.
    expect(service.calls.pages).toBe(1);
    expect(document.querySelector('.swal2-container')).toBeNull();
  });

  it.each([
    ['naming the page', `'Bright Teeth Annex'`, 'Bright Teeth Annex'],
    // A page connected before the service kept names has none.
    ['saying the page id when no name is stored', 'null', 'Page ID 1000000000000009'],
  ])(
    'when the clinic got connected meanwhile (another tab), then it ends as connected, %s',
    async (_case, name, detail) => {
      mockFacebookService();
      openWith(fakePopup());
      await renderClinicConfig({ clinic: { id: 2, name: 'Bright Teeth' } });
      await openedForm();
      fireEvent.click(button('Connect Facebook Page'));
      await screen.findByRole('button', { name: 'Connecting...' });
      // What the service stores when the other tab's admin picks the page.
      await realStack().query(
        `update public.clinics
          set fb_page_id = '1000000000000009', messenger_page_id = '1000000000000009', page_token_hint = 'wxyz',
              fb_page_name = ${name}
        where id = 2`,
      );
      expect(await alertLines('Facebook Page Connected')).toEqual(['Facebook Page Connected!', detail]);
      await dismissAlert();
      expect(input('Messenger Page Access Token*').value).toBe('••••••••wxyz');
    },
  );

  it('when the browser blocks the popup, then it says so and asks the service nothing', async () => {
    const service = mockFacebookService();
    openWith(null);
    await renderClinicConfig({ clinic: { id: 2, name: 'Bright Teeth' } });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    expect(await alertLines('Popup blocked')).toEqual([
      'Your browser blocked the Facebook window. Allow pop-ups for this site, then click Connect Facebook Page again.',
    ]);
    expect(service.calls['connect-state']).toBe(0);
    await dismissAlert();
    expect(button('Connect Facebook Page').disabled).toBe(false);
  });

  it('when the service refuses to start, then its reason shows and the popup is closed', async () => {
    const service = mockFacebookService();
    const popup = fakePopup();
    openWith(popup);
    service.answerNext(
      'connect-state',
      HttpResponse.json({ error: 'Only a clinic admin can connect a Facebook page.' }, { status: 403 }),
    );
    await renderClinicConfig({ clinic: { id: 2, name: 'Bright Teeth' } });
    await openedForm();
    fireEvent.click(button('Connect Facebook Page'));
    expect(await alertLines('Error')).toEqual([
      'Facebook connect could not start.',
      'Only a clinic admin can connect a Facebook page.',
    ]);
    expect(popup.closed).toBe(true);
    expect(service.calls.pages).toBe(0);
  });
});

describe('Disconnect page', () => {
  it('asks first, then disconnects: the form shows the clinic not connected', async () => {
    const service = mockFacebookService();
    await renderClinicConfig();
    await openedForm();
    fireEvent.click(button('Disconnect page'));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('Disconnect Facebook Page?'));
    await expectCancelFocused();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
    expect(service.calls.disconnect).toBe(0);

    fireEvent.click(button('Disconnect page'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Disconnect' }, { timeout: 10_000 }));
    expect(await screen.findByText('Facebook page disconnected.')).toBeTruthy();
    await waitFor(() => expect(input('Messenger Page Access Token*').value).toBe('Not connected'));
    expect(input('Facebook Page ID').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Disconnect page' })).toBeNull();
    expect(await storedClinic(1)).toMatchObject({ fb_page_id: null, page_token_hint: null });
  });

  it('when the service answers 409, then its words show and the form is unchanged', async () => {
    const service = mockFacebookService();
    service.answerNext(
      'disconnect',
      HttpResponse.json({ error: 'This clinic has no connected Facebook page.' }, { status: 409 }),
    );
    await renderClinicConfig();
    await openedForm();
    fireEvent.click(button('Disconnect page'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Disconnect' }, { timeout: 10_000 }));
    expect(await alertLines('Error')).toEqual([
      'Failed to disconnect the Facebook page.',
      'This clinic has no connected Facebook page.',
    ]);
    expect(input('Messenger Page Access Token*').value).toBe('••••••••demo');
  });
});
