import { describe, expect, it } from 'vitest';
import { originLabel } from './origin';

describe('the origin label', () => {
  it('says Messenger when the origin mentions messenger, in any letter case', () => {
    expect(originLabel('messenger')).toBe('Messenger');
    expect(originLabel('Messenger')).toBe('Messenger');
    expect(originLabel('facebook-messenger-bot')).toBe('Messenger');
  });

  it('shows any other origin as stored', () => {
    expect(originLabel('walk-in')).toBe('walk-in');
    expect(originLabel('Phone call')).toBe('Phone call');
  });

  it('says System when there is no origin', () => {
    expect(originLabel(null)).toBe('System');
    expect(originLabel(undefined)).toBe('System');
    expect(originLabel('')).toBe('System');
    expect(originLabel('   ')).toBe('System');
  });
});
