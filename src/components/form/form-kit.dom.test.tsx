// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormMessage } from '@/components/form-message';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/keyed-guard';
import { Field } from './field';
import { firstErrorMessage } from './first-error-message';
import { FormModal } from './form-modal';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { NOT_SENT, useFormSubmission } from './use-form-submission';
import { useZodForm } from './use-zod-form';

afterEach(cleanup);

describe('Field', () => {
  it('when there is no error, then the label names the control and nothing marks it invalid', () => {
    render(
      <Field id="f-name" label="Name">
        {(control) => <input {...control} className="input" />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.id).toBe('f-name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.closest('div')?.className).toBe('field');
  });

  it('when there is an error, then it is announced under the control and described by it, before the hint', () => {
    render(
      <Field id="f-name" label="Name" error="Required." errorClassName="x-field-error" hint="Full name" className="x">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-name-error f-name-hint');
    const error = screen.getByRole('alert');
    expect(error.id).toBe('f-name-error');
    expect(error.className).toBe('x-field-error');
    expect(error.textContent).toBe('Required.');
    expect(input.closest('div')?.className).toBe('field x');
  });
});

describe('SelectField', () => {
  it('renders a labelled select of plain and labelled options with a placeholder and a styled hint', () => {
    render(
      <SelectField
        id="role"
        label="Role"
        placeholder="Pick one"
        options={['admin', { value: 'dentist', label: 'Dentist' }]}
        defaultValue="dentist"
        error="Pick a role."
        hint="Who may do what"
        hintClassName="x-hint"
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Role');
    expect(select.className).toBe('input is-invalid');
    expect(select.getAttribute('aria-describedby')).toBe('role-error role-hint');
    expect(document.getElementById('role-hint')?.className).toBe('x-hint');
    expect(select.value).toBe('dentist');
    expect(Array.from(select.options).map((option) => [option.value, option.text])).toEqual([
      ['', 'Pick one'],
      ['admin', 'admin'],
      ['dentist', 'Dentist'],
    ]);
  });
});

describe('SelectField with a quiet error', () => {
  it('shows the error under the select without announcing it, when the screen announces a summary', () => {
    render(
      <SelectField id="dentist" label="Dentist" options={['1']} error="Dentist is required." announceError={false} />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Dentist').getAttribute('aria-describedby')).toBe('dentist-error');
    expect(document.getElementById('dentist-error')?.textContent).toBe('Dentist is required.');
  });
});

describe('TextField', () => {
  it('renders a labelled input of the given type, marked invalid and described by its error', () => {
    render(<TextField id="email" label="Email" type="email" error="Enter an email." hint="Work address" />);
    const input = screen.getByLabelText<HTMLInputElement>('Email');
    expect(input.type).toBe('email');
    expect(input.className).toBe('input is-invalid');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error email-hint');
    expect(screen.getByRole('alert').textContent).toBe('Enter an email.');
  });

  it('when the form marks the input itself, then its aria-invalid and aria-describedby win', () => {
    render(<TextField id="from" label="From" aria-invalid aria-describedby="form-message" />);
    const input = screen.getByLabelText('From');
    expect(input.className).toBe('input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('form-message');
  });
});

const schema = z.object({
  name: z.string().trim().min(1, 'Please fill all fields.'),
  email: z.string().trim().min(1, 'Please fill all fields.'),
});

function Harness({ send }: { send: (values: z.output<typeof schema>) => Promise<void> }) {
  const form = useZodForm(schema, { defaultValues: { name: '', email: '' } });
  const { errors, isSubmitting } = form.formState;
  return (
    <FormModal
      formId="harness"
      title="Add"
      onClose={() => undefined}
      onSubmit={form.handleSubmit(send)}
      pending={isSubmitting}
      submitLabel="Save"
      pendingLabel="Saving..."
      cancelLabel="Cancel"
    >
      <Field id="harness-name" label="Name">
        {(control) => <input {...control} {...form.register('name')} />}
      </Field>
      <Field id="harness-email" label="Email">
        {(control) => <input {...control} {...form.register('email')} />}
      </Field>
      <p>{firstErrorMessage(errors, ['name', 'email']) ?? ''}</p>
    </FormModal>
  );
}

describe('FormModal with useZodForm', () => {
  it('when submitted empty, then the message shows, focus stays, and it is not re-checked while typing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve());
    render(<Harness send={send} />);
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill all fields.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'a@b.test');
    expect(screen.getByText('Please fill all fields.')).toBeTruthy();
    await user.type(name, '  Rosa ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([{ name: 'Rosa', email: 'a@b.test' }, expect.anything()]);
  });

  it('when submitted twice while the first is in flight, then it sends once', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness send={send} />);
    await user.type(screen.getByLabelText('Name'), 'Rosa');
    await user.type(screen.getByLabelText('Email'), 'a@b.test');
    const formElement = document.getElementById('harness')!;
    fireEvent.submit(formElement);
    fireEvent.submit(formElement);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    fireEvent.submit(formElement);
    finish();
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('FormModal with its submit disabled', () => {
  function Disabled({ disabled, send }: { disabled: boolean; send: () => void }) {
    return (
      <FormModal
        formId="disabled-harness"
        title="Link"
        onClose={() => undefined}
        onSubmit={send}
        pending={false}
        submitDisabled={disabled}
        submitLabel="Link"
        pendingLabel="Linking..."
        cancelLabel="Cancel"
      >
        <input aria-label="Patient" />
      </FormModal>
    );
  }

  it('when disabled, then the submit button is disabled with its own label, and a submit sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const { rerender } = render(<Disabled disabled send={send} />);
    const button = screen.getByRole('button', { name: 'Link' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Linking...' })).toBeNull();
    fireEvent.submit(document.getElementById('disabled-harness')!);
    expect(send).not.toHaveBeenCalled();

    rerender(<Disabled disabled={false} send={send} />);
    expect(button).toHaveProperty('disabled', false);
    await user.click(button);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('useFormSubmission', () => {
  type Send = (values: z.output<typeof schema>) => Promise<string | AlreadyPending | typeof NOT_SENT>;

  function Submitting({ send, onSent }: { send: Send; onSent: (result: string) => void }) {
    const form = useZodForm(schema, { defaultValues: { name: '', email: '' } });
    const { formProps, message } = useFormSubmission(form, {
      pending: false,
      send,
      onSent,
      failureLog: 'saving a harness',
      failureMessage: (error) => ({ tone: 'error', text: 'Saving failed.', detail: String(error) }),
      refusedOrder: ['email', 'name'],
    });
    // The buttons keep the kit's words: Save, Saving... and Cancel.
    return (
      <FormModal {...formProps} title="Add" onClose={() => undefined}>
        <TextField id="submitting-name" label="Name" {...form.register('name')} />
        <TextField id="submitting-email" label="Email" {...form.register('email')} />
        <FormMessage message={message} />
      </FormModal>
    );
  }

  async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Name'), 'Rosa');
    await user.type(screen.getByLabelText('Email'), 'a@b.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
  }

  it('when the write goes through, then it hands the result on once and later submits send nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(() => Promise.resolve('row 1'));
    const onSent = vi.fn();
    render(<Submitting send={send} onSent={onSent} />);
    await fillAndSave(user);
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith('row 1'));
    expect(send).toHaveBeenCalledWith({ name: 'Rosa', email: 'a@b.test' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('when the write throws, then the form says so, logs it, and a refused submit shows the refusal instead', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('offline');
    const onSent = vi.fn();
    render(<Submitting send={() => Promise.reject(failure)} onSent={onSent} />);
    await fillAndSave(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Saving failed.Error: offline');
    expect(logged).toHaveBeenCalledWith('Ngiti: saving a harness failed', failure);
    expect(onSent).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please fill all fields.'));
    logged.mockRestore();
  });

  it('when the same write is in flight or nothing was sent, then the form stays open and can send again', async () => {
    const user = userEvent.setup();
    const send = vi
      .fn<Send>()
      .mockResolvedValueOnce(ALREADY_PENDING)
      .mockResolvedValueOnce(NOT_SENT)
      .mockResolvedValueOnce('row 2');
    const onSent = vi.fn();
    render(<Submitting send={send} onSent={onSent} />);
    await fillAndSave(user);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(onSent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledWith('row 2'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
