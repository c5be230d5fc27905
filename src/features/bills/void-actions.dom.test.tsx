// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@/lib/authorization';
import {
  countRequests,
  createStaffAccount,
  failNext,
  realStack,
  rows,
  seed,
  signInAs,
  setupComponentTests,
} from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { useInvoices } from './list/api/get-invoices';
import { usePayments } from './list/api/get-payments';
import { VoidDialogHost, VoidInvoiceButton, VoidPaymentButton } from './void/components/void-actions';

setupComponentTests();

let invoiceId: number;
let paymentId: number;

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  const [ana] = await seed.patients([{ name: 'Ana Santos' }]);
  const [invoice] = await seed.invoices([{ clinic_id: 1, patient_id: ana!.id, total: 1000 }]);
  const [payment] = await seed.payments([
    { clinic_id: 1, invoice_id: invoice!.id, patient_id: ana!.id, amount: 1000, method: 'cash' },
  ]);
  invoiceId = invoice!.id;
  paymentId = payment!.id;
});

/** The invoice and its payment as the Billing lists read them, each with its Void action. */
function Entries() {
  const invoice = useInvoices(1).rows?.[0];
  const payment = usePayments(1).rows?.[0];
  if (!invoice || !payment) return <p>Loading</p>;
  return (
    <ul>
      <li data-testid="invoice">
        Invoice {invoice.status} {invoice.voided_at ? 'void' : ''} <VoidInvoiceButton invoice={invoice} />
      </li>
      <li data-testid="payment">
        Payment {payment.voided_at ? 'void' : 'counts'} <VoidPaymentButton payment={payment} />
      </li>
    </ul>
  );
}

async function renderEntries(role: Role) {
  const signedIn = await signInAs({ role, clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <VoidDialogHost>
        <Entries />
      </VoidDialogHost>
    </QueryClientProvider>,
    { session: createSession({ user: signedIn }) },
  );
  await screen.findByTestId('invoice');
  return { user: userEvent.setup(), signedIn };
}

const storedPayment = async (id: number) => (await rows('payments', { id }))[0]!;
const storedInvoice = async (id: number) => (await rows('invoices', { id }))[0]!;

const voidIn = (testId: string) => within(screen.getByTestId(testId)).queryByRole('button', { name: 'Void' });

describe('Void', () => {
  it.each<Role>(['receptionist', 'dentist'])('is not offered to a %s', async (role) => {
    await renderEntries(role);
    expect(voidIn('invoice')).toBeNull();
    expect(voidIn('payment')).toBeNull();
  });

  it('asks an admin for a reason, voids the payment with it, and the invoice reads Unpaid again', async () => {
    const { user } = await renderEntries('admin');
    expect(screen.getByTestId('invoice').textContent).toContain('Invoice Paid');
    await user.click(voidIn('payment')!);
    const dialog = screen.getByRole('dialog', { name: `Void payment #${paymentId}` });
    expect(dialog.textContent).toContain('₱1,000.00 from Ana Santos');

    // Blank (spaces only) is no reason: nothing is voided.
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A reason is required to void.');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason'));
    expect((await storedPayment(paymentId)).voided_at).toBeNull();

    await user.type(within(dialog).getByLabelText('Reason'), 'Entered twice');
    const invoiceReads = countRequests({ method: 'GET', table: 'invoice_summaries' });
    const paymentReads = countRequests({ method: 'GET', table: 'payment_entries' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('Payment voided.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await storedPayment(paymentId)).toMatchObject({
      voided_at: expect.any(String),
      void_reason: 'Entered twice',
    });
    // The payment's invoice is read again into the lists: the view no longer counts the payment.
    await waitFor(() => expect(screen.getByTestId('invoice').textContent).toContain('Invoice Unpaid'));
    expect(screen.getByTestId('payment').textContent).toContain('Payment void');
    expect(voidIn('payment')).toBeNull();
    // That invoice alone (and its payments), not the clinic's whole lists.
    expect(invoiceReads.urls.map((url) => new URL(url).searchParams.get('id'))).toEqual([`in.(${invoiceId})`]);
    expect(paymentReads.urls.map((url) => new URL(url).searchParams.get('invoice_id'))).toEqual([`in.(${invoiceId})`]);
  });

  it("shows the database's refusal and keeps the reason: an invoice whose payments still count", async () => {
    const { user } = await renderEntries('admin');
    await user.click(voidIn('invoice')!);
    const dialog = screen.getByRole('dialog', { name: `Void invoice #${invoiceId}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong patient');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("Void this invoice's payments first.");
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Wrong patient');
    expect((await storedInvoice(invoiceId)).voided_at).toBeNull();
  });

  it('says so when another device voided the payment first, and refreshes the list', async () => {
    const { user } = await renderEntries('superadmin');
    await user.click(voidIn('payment')!);
    await realStack().query(`update public.payments set voided_at = now(), void_reason = 'Elsewhere' where id = $1`, [
      paymentId,
    ]);
    const dialog = screen.getByRole('dialog', { name: `Void payment #${paymentId}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This payment is already void.');
    await waitFor(() => expect(screen.getByTestId('payment').textContent).toContain('Payment void'));
  });

  it("shows 'Only an admin can void.' when the database no longer counts the user an admin", async () => {
    // The screen still holds the admin session; the role was changed meanwhile (by the clinic's
    // other admin: a clinic keeps at least one).
    const { user, signedIn } = await renderEntries('admin');
    await createStaffAccount({ role: 'admin', clinic_id: 1 });
    await realStack().query(`update public.users set role = 'receptionist' where user_id = $1`, [signedIn.supabase_id]);
    await user.click(voidIn('payment')!);
    const dialog = screen.getByRole('dialog', { name: `Void payment #${paymentId}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only an admin can void.');
    expect((await storedPayment(paymentId)).voided_at).toBeNull();
  });

  it('says the network failed, and nothing changed, when no answer came', async () => {
    const { user } = await renderEntries('admin');
    await user.click(voidIn('payment')!);
    const dialog = screen.getByRole('dialog', { name: `Void payment #${paymentId}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    failNext({ rpc: 'void_payment' }, 'network');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Network error while voiding. Nothing was changed; check the connection and try again.',
    );
    expect((await storedPayment(paymentId)).voided_at).toBeNull();
  });
});
