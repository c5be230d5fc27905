// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyField, pesosSchema } from './money-field';

afterEach(cleanup);

const PESOS_MESSAGES = {
  empty: 'Please enter an amount.',
  'not-a-number': 'Please enter a valid amount.',
  'too-many-decimals': 'At most two decimals.',
  'too-large': 'Too large.',
  'not-positive': 'Must be more than zero.',
};

describe('MoneyField and pesosSchema', () => {
  it('is a decimal text input, with the sign when wrapped', () => {
    render(<MoneyField id="total" label="Total" wrapperClassName="amount" signClassName="amount-sign" />);
    const input = screen.getByLabelText<HTMLInputElement>('Total');
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('decimal');
    expect(input.parentElement?.className).toBe('amount');
    expect(input.previousElementSibling?.textContent).toBe('₱');
  });

  it('when its error is not to be announced, then it shows under the field without an alert', () => {
    render(<MoneyField id="total" label="Total" error="Too large." announceError={false} />);
    const input = screen.getByLabelText('Total');
    expect(input.getAttribute('aria-describedby')).toBe('total-error');
    expect(document.getElementById('total-error')?.textContent).toBe('Too large.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when an amount is read, then it is integer centavos, never a float of pesos', () => {
    const schema = pesosSchema(PESOS_MESSAGES);
    expect(schema.parse(' ₱1,234.50 ')).toBe(123450);
    expect(schema.parse('0.1')).toBe(10);
  });

  it('when an amount is refused, then the screen’s message for that reason is the error', () => {
    const schema = pesosSchema(PESOS_MESSAGES);
    const messageOf = (input: string) => schema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf('  ')).toBe('Please enter an amount.');
    expect(messageOf('1e3')).toBe('Please enter a valid amount.');
    expect(messageOf('1.234')).toBe('At most two decimals.');
    expect(messageOf('0')).toBe('Must be more than zero.');
    expect(messageOf('99999999999')).toBe('Too large.');
  });
});
