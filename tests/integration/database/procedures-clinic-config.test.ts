/**
 * The rules of procedures, clinics and messenger_contacts (supabase/migrations), seen through the
 * calls the Clinic Procedure Manager, Clinic Configuration and the Messenger contacts section make
 * (supabase-js as each demo role): names unique ignoring case and spaces, prices, the clinics a
 * role may add or change, the Messenger contacts' profile columns, one live patient per Messenger
 * id, and the trigger that keeps messenger_contacts.patient_id in step with patients.messenger_id.
 * Runs on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicTime, clinicWorkday } from '../../support/clinic-time.ts';
import { databaseTargets } from '../../support/database.ts';
import { startDemoStack } from '../../support/service.ts';
import type { TestStack } from '../../support/stack.ts';

const tag = () => randomUUID().slice(0, 8);

describe.each(databaseTargets())('procedures, clinic configuration and Messenger links on %s', (target) => {
  let stack: TestStack;
  let service: SupabaseClient;
  let reception: SupabaseClient;
  let dentist: SupabaseClient;
  let admin: SupabaseClient;
  let otherAdmin: SupabaseClient;
  let superadmin: SupabaseClient;
  let clinicId: number;
  let otherClinicId: number;

  async function newCategory(client: SupabaseClient, clinic: number, name = `Category ${tag()}`): Promise<number> {
    const { data, error } = await client.from('procedure_categories').insert({ clinic_id: clinic, name }).select('id');
    if (error) throw error;
    return data[0]!.id as number;
  }

  async function newProcedure(
    client: SupabaseClient,
    clinic: number,
    categoryId: number,
    fields: { name?: string; price?: string } = {},
  ): Promise<number> {
    const { data, error } = await client
      .from('procedures')
      .insert({
        clinic_id: clinic,
        category_id: categoryId,
        name: fields.name ?? `Procedure ${tag()}`,
        price: fields.price ?? '0',
      })
      .select('id');
    if (error) throw error;
    return data[0]!.id as number;
  }

  async function newPatient(
    client: SupabaseClient,
    clinic: number,
    messengerId: string | null = null,
  ): Promise<number> {
    const { data, error } = await client
      .from('patients')
      .insert({ clinic_id: clinic, name: `Linked ${tag()}`, phone: '0917 555 0000', messenger_id: messengerId })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as number;
  }

  /** A sender who wrote to a page of the clinic, as the notification service records them. */
  async function newContact(clinic: number, psid = `psid-${tag()}`, pageId = `page-${clinic}`) {
    const { error } = await service.from('messenger_contacts').insert({
      clinic_id: clinic,
      page_id: pageId,
      psid,
      last_inbound_at: new Date().toISOString(),
      display_name: 'Juan Dela Cruz',
      first_message: 'Hello po',
    });
    if (error) throw error;
    return { psid, pageId };
  }

  async function linkOf(contact: { psid: string; pageId: string }, client = reception): Promise<number | null> {
    const { data, error } = await client
      .from('messenger_contacts')
      .select('patient_id')
      .eq('page_id', contact.pageId)
      .eq('psid', contact.psid)
      .single();
    if (error) throw error;
    return data.patient_id as number | null;
  }

  beforeAll(async () => {
    ({
      stack,
      clinics: { smile: clinicId, bright: otherClinicId },
      staff: { reception, dentist, admin, admin2: otherAdmin, superadmin },
    } = await startDemoStack(target, ['reception', 'dentist', 'admin', 'admin2', 'superadmin']));
    service = stack.serviceClient();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('procedure categories', () => {
    it('refuses a second category of the same name ignoring case and surrounding spaces (23505)', async () => {
      const name = `Periodontics ${tag()}`;
      await newCategory(reception, clinicId, name);
      const again = await reception
        .from('procedure_categories')
        .insert({ clinic_id: clinicId, name: `  ${name.toUpperCase()} ` });
      expect(again.error?.code).toBe('23505');
      expect(again.error?.message).toContain('procedure_categories_clinic_name_ci_key');
      // The very same name is named by the same index (the exact key stays only for upserts).
      const exact = await reception.from('procedure_categories').insert({ clinic_id: clinicId, name });
      expect(exact.error?.code).toBe('23505');
      expect(exact.error?.message).toContain('procedure_categories_clinic_name_ci_key');
      // The seeded 'Preventive Care', typed differently.
      const seeded = await reception
        .from('procedure_categories')
        .insert({ clinic_id: clinicId, name: 'preventive care' });
      expect(seeded.error?.code).toBe('23505');
    });

    it('lets another clinic use the same name, and a rename onto an existing name is refused', async () => {
      const name = `Pediatric ${tag()}`;
      await newCategory(reception, clinicId, name);
      await newCategory(otherAdmin, otherClinicId, name.toLowerCase());
      const other = await newCategory(reception, clinicId);
      const rename = await reception.from('procedure_categories').update({ name: name.toLowerCase() }).eq('id', other);
      expect(rename.error?.code).toBe('23505');
    });

    it('refuses a category in another clinic (row-level security) and keeps the name checks', async () => {
      const foreign = await reception
        .from('procedure_categories')
        .insert({ clinic_id: otherClinicId, name: `X ${tag()}` });
      expect(foreign.error?.code).toBe('42501');
      const blank = await reception.from('procedure_categories').insert({ clinic_id: clinicId, name: '   ' });
      expect(blank.error?.code).toBe('23514');
      const long = await reception.from('procedure_categories').insert({ clinic_id: clinicId, name: 'x'.repeat(201) });
      expect(long.error?.code).toBe('23514');
    });
  });

  describe('procedures', () => {
    it('refuses a second procedure of the same name in a category ignoring case and spaces; another category may', async () => {
      const category = await newCategory(reception, clinicId);
      const otherCategory = await newCategory(reception, clinicId);
      const name = `Deep Scaling ${tag()}`;
      await newProcedure(reception, clinicId, category, { name });
      const again = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: category, name: ` ${name.toLowerCase()}  `, price: '100' });
      expect(again.error?.code).toBe('23505');
      expect(again.error?.message).toContain('procedures_category_name_ci_key');
      await newProcedure(reception, clinicId, otherCategory, { name });
    });

    it('keeps prices to the centavo, at least 0, default 0.00; a third decimal is refused, not rounded', async () => {
      const category = await newCategory(reception, clinicId);
      const { data, error } = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: category, name: `Default ${tag()}` })
        .select('price')
        .single();
      expect(error).toBeNull();
      expect(Number(data!.price)).toBe(0);
      const negative = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: category, name: `Negative ${tag()}`, price: '-0.01' });
      expect(negative.error?.code).toBe('23514');
      const third = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: category, name: `Rounded ${tag()}`, price: '1500.505' });
      expect(third.error?.code).toBe('23514');
      const stored = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: category, name: `Centavos ${tag()}`, price: '1500.5' })
        .select('price::text')
        .single();
      expect(stored.error).toBeNull();
      expect(stored.data).toEqual({ price: '1500.50' });
    });

    it("refuses a procedure in another clinic's category, and a change to another clinic's procedure", async () => {
      const foreignCategory = await newCategory(otherAdmin, otherClinicId);
      const foreignProcedure = await newProcedure(otherAdmin, otherClinicId, foreignCategory, { price: '300' });
      // As the other clinic's row: row-level security.
      const asTheirs = await reception
        .from('procedures')
        .insert({ clinic_id: otherClinicId, category_id: foreignCategory, name: `Rogue ${tag()}`, price: '1' });
      expect(asTheirs.error?.code).toBe('42501');
      // As our row in their category: the (category_id, clinic_id) foreign key.
      const intoTheirs = await reception
        .from('procedures')
        .insert({ clinic_id: clinicId, category_id: foreignCategory, name: `Rogue ${tag()}`, price: '1' });
      expect(intoTheirs.error?.code).toBe('23503');
      const update = await reception.from('procedures').update({ price: '1' }).eq('id', foreignProcedure).select('id');
      expect(update.data).toEqual([]);
      const removal = await reception.from('procedures').delete().eq('id', foreignProcedure).select('id');
      expect(removal.data).toEqual([]);
      const still = await service.from('procedures').select('price').eq('id', foreignProcedure).single();
      expect(Number(still.data!.price)).toBe(300);
    });

    it('leaves appointments and invoices unchanged when a procedure gets a new price or is deleted', async () => {
      const category = await newCategory(reception, clinicId);
      const name = `Inlay ${tag()}`;
      const procedure = await newProcedure(reception, clinicId, category, { name, price: '2500.00' });
      const patient = await newPatient(reception, clinicId);
      const dentistRow = await service
        .from('dentists')
        .insert({ clinic_id: clinicId, name: `Dr. ${tag()}`, email: 'inlay@demo.test', phone: '1' })
        .select('id')
        .single();
      const reason = `${name} — Notes: upper left`;
      const booked = await reception
        .from('appointments')
        .insert({
          clinic_id: clinicId,
          patient_id: patient,
          dentist_id: dentistRow.data!.id,
          appointment_time: clinicTime(clinicWorkday(40), '10:00'),
          reason,
        })
        .select('id')
        .single();
      expect(booked.error).toBeNull();
      const invoice = await reception
        .from('invoices')
        .insert({ clinic_id: clinicId, patient_id: patient, total: '2500.00', idempotency_key: randomUUID() })
        .select('id')
        .single();
      expect(invoice.error).toBeNull();

      expect((await reception.from('procedures').update({ price: '3000.00' }).eq('id', procedure)).error).toBeNull();
      const deleted = await reception.from('procedures').delete().eq('id', procedure).select('id');
      expect(deleted.data).toEqual([{ id: procedure }]);

      const appointment = await reception
        .from('appointments')
        .select('reason, deleted, status')
        .eq('id', booked.data!.id)
        .single();
      expect(appointment.data).toEqual({ reason, deleted: false, status: 'Scheduled' });
      const summary = await reception
        .from('invoice_summaries')
        .select('total_centavos, voided_at')
        .eq('id', invoice.data!.id)
        .single();
      expect(summary.data).toEqual({ total_centavos: 250000, voided_at: null });
    });
  });

  describe('clinics', () => {
    it('lets the superadmin add a clinic with the form fields and returns the new row (return=representation)', async () => {
      const name = `Ngiti Test Clinic ${tag()}`;
      const { data, error } = await superadmin
        .from('clinics')
        .insert({
          name,
          reminder_time: '08:30',
          address: '12 Rizal Ave, Quezon City',
          contact_email: 'hello@example.test',
          contact_phone: null,
        })
        .select('id, name, reminder_time, address, contact_email, contact_phone, fb_page_id, messenger_page_id')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({
        id: expect.any(Number),
        name,
        reminder_time: '08:30:00',
        address: '12 Rizal Ave, Quezon City',
        contact_email: 'hello@example.test',
        contact_phone: null,
        fb_page_id: null,
        messenger_page_id: null,
      });
    });

    it('refuses clinics from admins, receptionists and dentists; only admins (and the superadmin) update', async () => {
      for (const client of [admin, reception, dentist]) {
        const insert = await client.from('clinics').insert({ name: `Rogue ${tag()}` });
        expect(insert.error?.code).toBe('42501');
      }
      for (const client of [reception, dentist, otherAdmin]) {
        const update = await client
          .from('clinics')
          .update({ contact_phone: '+63 2 0000 0000' })
          .eq('id', clinicId)
          .select('id');
        expect(update.data ?? []).toEqual([]);
      }
      const before = await service.from('clinics').select('reminder_time, contact_phone').eq('id', clinicId).single();
      const changed = await admin
        .from('clinics')
        .update({ reminder_time: '07:45', contact_phone: '+63 2 8123 4567' })
        .eq('id', clinicId)
        .select('reminder_time, contact_phone');
      expect(changed.data).toEqual([{ reminder_time: '07:45:00', contact_phone: '+63 2 8123 4567' }]);
      const bySuperadmin = await superadmin
        .from('clinics')
        .update({ address: `Lot ${tag()}` })
        .eq('id', otherClinicId)
        .select('id');
      expect(bySuperadmin.data).toEqual([{ id: otherClinicId }]);
      await service.from('clinics').update(before.data!).eq('id', clinicId);
    });

    it('refuses a reminder time of 24:00, which would never come round', async () => {
      const refused = await admin.from('clinics').update({ reminder_time: '24:00' }).eq('id', clinicId).select('id');
      expect(refused.error).toMatchObject({ code: '23514' });
      expect(refused.error?.message).toContain('clinics_reminder_time_within_the_day');
      const stored = await service.from('clinics').select('reminder_time').eq('id', clinicId).single();
      expect(stored.data?.reminder_time).not.toBe('24:00:00');
    });

    it('lets browsers write only the form columns: not timezone, never the page connection', async () => {
      const timezone = await admin.from('clinics').update({ timezone: 'Asia/Tokyo' }).eq('id', clinicId);
      expect(timezone.error?.code).toBe('42501');
      const page = await admin.from('clinics').update({ fb_page_id: '999' }).eq('id', clinicId);
      expect(page.error?.code).toBe('42501');
      const insertPage = await superadmin.from('clinics').insert({ name: `Paged ${tag()}`, fb_page_id: '999' });
      expect(insertPage.error?.code).toBe('42501');
      const pageName = await admin.from('clinics').update({ fb_page_name: 'Named by hand' }).eq('id', clinicId);
      expect(pageName.error?.code).toBe('42501');
      const insertName = await superadmin.from('clinics').insert({ name: `Named ${tag()}`, fb_page_name: 'Page' });
      expect(insertName.error?.code).toBe('42501');
      const emptyEmail = await admin.from('clinics').update({ contact_email: '' }).eq('id', clinicId);
      expect(emptyEmail.error?.code).toBe('23514');
    });
  });

  describe('update_clinic_settings (Update Clinic)', () => {
    const columns =
      'name, reminder_time, recall_interval_months, vat_registered, address, contact_email, contact_phone';

    async function stored(id = clinicId) {
      const { data, error } = await service.from('clinics').select(columns).eq('id', id).single();
      if (error) throw error;
      return data as Record<string, unknown> & { name: string; reminder_time: string };
    }

    it('writes the settings only while the clinic holds what was read, as the caller under RLS', async () => {
      const before = await stored();
      const read = before;
      // An address of 500 CJK characters and a long e-mail go in the body, not in a URL.
      const address = '東京都'.repeat(166) + '区区';
      const settings = { ...read, address, contact_email: `${'診'.repeat(300)}@例え.jp`, vat_registered: true };

      for (const client of [reception, dentist, otherAdmin]) {
        const refused = await client.rpc('update_clinic_settings', {
          p_clinic_id: clinicId,
          p_settings: settings,
          p_read: read,
        });
        expect(refused.data ?? []).toEqual([]);
      }
      expect(await stored()).toEqual(before);

      const saved = await admin
        .rpc('update_clinic_settings', { p_clinic_id: clinicId, p_settings: settings, p_read: read })
        .select('id, address, vat_registered');
      expect(saved.error).toBeNull();
      expect(saved.data).toEqual([{ id: clinicId, address, vat_registered: true }]);

      // Another desk's form, read before that save: nothing is written.
      const stale = await admin.rpc('update_clinic_settings', {
        p_clinic_id: clinicId,
        p_settings: { ...read, contact_phone: '+63 2 0000 0000' },
        p_read: read,
      });
      expect(stale.error).toBeNull();
      expect(stale.data).toEqual([]);
      expect(await stored()).toMatchObject({ address, vat_registered: true, contact_phone: before.contact_phone });

      // Read again, with the time as HH:MM: the save goes through.
      const again = await admin.rpc('update_clinic_settings', {
        p_clinic_id: clinicId,
        p_settings: before,
        p_read: { ...settings, reminder_time: before.reminder_time.slice(0, 5) },
      });
      expect(again.error).toBeNull();
      expect(await stored()).toEqual(before);
    });

    it('refuses settings or a read without one of the columns (22023), and the checks still hold', async () => {
      const before = await stored();
      const { contact_phone: _phone, ...partial } = before;
      for (const args of [
        { p_settings: partial, p_read: before },
        { p_settings: before, p_read: partial },
        { p_settings: before, p_read: [] },
      ]) {
        const refused = await admin.rpc('update_clinic_settings', { p_clinic_id: clinicId, ...args });
        expect(refused.error).toMatchObject({ code: '22023', hint: 'clinic_settings_invalid' });
      }
      const blank = await admin.rpc('update_clinic_settings', {
        p_clinic_id: clinicId,
        p_settings: { ...before, contact_email: '' },
        p_read: before,
      });
      expect(blank.error?.code).toBe('23514');
      expect(await stored()).toEqual(before);
    });
  });

  describe('Messenger contacts', () => {
    it('shows staff the profile and first message of their clinic only, read-only', async () => {
      const contact = await newContact(clinicId);
      const rows = await reception
        .from('messenger_contacts')
        .select('psid, display_name, profile_pic_url, first_message, first_message_at, patient_id')
        .eq('psid', contact.psid);
      expect(rows.data).toEqual([
        {
          psid: contact.psid,
          display_name: 'Juan Dela Cruz',
          profile_pic_url: null,
          first_message: 'Hello po',
          first_message_at: null,
          patient_id: null,
        },
      ]);
      const hidden = await otherAdmin.from('messenger_contacts').select('psid').eq('psid', contact.psid);
      expect(hidden.data).toEqual([]);
      const write = await admin
        .from('messenger_contacts')
        .update({ display_name: 'Someone Else' })
        .eq('psid', contact.psid);
      expect(write.error?.code).toBe('42501');
    });

    it('refuses a profile picture that is not an http(s) URL and over-long profile texts', async () => {
      const insert = (fields: Record<string, unknown>) =>
        service
          .from('messenger_contacts')
          .insert({ clinic_id: clinicId, page_id: 'page-checks', psid: `psid-${tag()}`, ...fields });
      expect((await insert({ profile_pic_url: 'javascript:alert(1)' })).error?.code).toBe('23514');
      expect((await insert({ profile_pic_url: `https://x.test/${'a'.repeat(2000)}` })).error?.code).toBe('23514');
      expect((await insert({ display_name: 'n'.repeat(201) })).error?.code).toBe('23514');
      expect((await insert({ display_name: '  ' })).error?.code).toBe('23514');
      expect((await insert({ first_message: 'm'.repeat(2001) })).error?.code).toBe('23514');
      expect(
        (await insert({ profile_pic_url: 'https://x.test/a.svg', first_message: 'm'.repeat(2000) })).error,
      ).toBeNull();
    });
  });

  describe('linking a sender to a patient', () => {
    it('links the contact when a patient gets its Messenger id, moves and drops the link with the id', async () => {
      const first = await newContact(clinicId);
      const second = await newContact(clinicId);
      const patient = await newPatient(reception, clinicId);

      const link = await reception.from('patients').update({ messenger_id: first.psid }).eq('id', patient).select('id');
      expect(link.data).toEqual([{ id: patient }]);
      expect(await linkOf(first)).toBe(patient);

      await reception.from('patients').update({ messenger_id: second.psid }).eq('id', patient);
      expect(await linkOf(first)).toBeNull();
      expect(await linkOf(second)).toBe(patient);

      await reception.from('patients').update({ messenger_id: null }).eq('id', patient);
      expect(await linkOf(second)).toBeNull();
    });

    it('links a new patient created with a Messenger id, and unlinks a deleted patient', async () => {
      const contact = await newContact(clinicId);
      const patient = await newPatient(reception, clinicId, contact.psid);
      expect(await linkOf(contact)).toBe(patient);
      const removal = await reception.rpc('delete_patient', { p_patient_id: patient });
      expect(removal.error).toBeNull();
      expect(await linkOf(contact)).toBeNull();
      // The id is free again: a live patient may take it, and gets the contact.
      const next = await newPatient(reception, clinicId, contact.psid);
      expect(await linkOf(contact)).toBe(next);
    });

    it("links only the clinic's own contacts with that id", async () => {
      const psid = `psid-${tag()}`;
      const ours = await newContact(clinicId, psid, `page-a-${tag()}`);
      const theirs = await newContact(otherClinicId, psid, `page-b-${tag()}`);
      const patient = await newPatient(reception, clinicId, psid);
      expect(await linkOf(ours)).toBe(patient);
      expect(await linkOf(theirs, otherAdmin)).toBeNull();
    });

    it('gives a Messenger id to at most one live patient of a clinic (23505); another clinic may use it', async () => {
      const psid = `psid-${tag()}`;
      await newPatient(reception, clinicId, psid);
      const twin = await reception
        .from('patients')
        .insert({ clinic_id: clinicId, name: `Twin ${tag()}`, phone: '0917', messenger_id: psid });
      expect(twin.error?.code).toBe('23505');
      expect(twin.error?.message).toContain('patients_clinic_messenger_id_key');
      const other = await newPatient(reception, clinicId);
      const moved = await reception.from('patients').update({ messenger_id: psid }).eq('id', other);
      expect(moved.error?.code).toBe('23505');
      await newPatient(otherAdmin, otherClinicId, psid);
    });

    it("cannot link another clinic's patient, and a dentist links like any staff member of the clinic", async () => {
      const contact = await newContact(otherClinicId);
      const foreign = await newPatient(otherAdmin, otherClinicId);
      const attempt = await reception
        .from('patients')
        .update({ messenger_id: contact.psid })
        .eq('id', foreign)
        .select('id');
      expect(attempt.data).toEqual([]);
      expect(await linkOf(contact, otherAdmin)).toBeNull();

      // patients RLS lets every staff role of the clinic update patients (kept as it was).
      const ours = await newContact(clinicId);
      const patient = await newPatient(dentist, clinicId);
      const byDentist = await dentist
        .from('patients')
        .update({ messenger_id: ours.psid })
        .eq('id', patient)
        .select('id');
      expect(byDentist.data).toEqual([{ id: patient }]);
      expect(await linkOf(ours)).toBe(patient);
    });
  });
});
