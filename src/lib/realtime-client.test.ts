import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_UPDATED, type AppointmentUpdatedPayload } from '@common/contract';
import { connectionStatus, type ConnectionFacts } from './realtime-client';
import { deliverServiceEvent } from './realtime-payloads';

const payload = (overrides: Record<string, unknown> = {}) => ({
  id: 41,
  clinic_id: 1,
  dentist_id: 3,
  patient_id: 9,
  status: 'Confirmed',
  appointment_time: '2026-11-23T01:20:00+00:00',
  deleted: false,
  patient_name: 'Maria Santos',
  dentist_name: 'Dr. Reyes',
  reason: 'Cleaning',
  ...overrides,
});

function subscriber() {
  const received: AppointmentUpdatedPayload[] = [];
  return {
    received,
    options: { event: APPOINTMENT_UPDATED, onEvent: (update: AppointmentUpdatedPayload) => received.push(update) },
  } as const;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deliverServiceEvent', () => {
  it('hands on an appointment-updated payload that matches the contract, every column kept', () => {
    const { received, options } = subscriber();
    expect(deliverServiceEvent(options, payload({ chair: 2 }))).toBe(true);
    expect(received).toEqual([payload({ chair: 2 })]);
  });

  it.each([
    ['a non-object', 'hello'],
    ['an array', [payload()]],
    ['a missing id', payload({ id: undefined })],
    ['a non-integer clinic', payload({ clinic_id: '1' })],
    ['no patient', payload({ patient_id: null })],
    ['a status outside the five', payload({ status: 'Done' })],
    ['an unreadable time', payload({ appointment_time: 'tomorrow' })],
    ['names nested in embedded rows instead of flat', payload({ patient_name: undefined, patients: { name: 'Ana' } })],
  ])('drops %s, saying so in the console', (_label, input) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { received, options } = subscriber();
    expect(deliverServiceEvent(options, input)).toBe(false);
    expect(received).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Ngiti: ignored a malformed appointment-updated event', expect.any(Array));
  });
});

describe('connectionStatus', () => {
  const up: ConnectionFacts = { connected: true, active: true, tried: true, online: true, silentMs: 200 };

  it('is connected while the socket is open and the service was heard within 1.5 s', () => {
    expect(connectionStatus(up)).toBe('connected');
    expect(connectionStatus({ ...up, silentMs: 1_500 })).toBe('connected');
  });

  it('is connecting before the first attempt has ended', () => {
    expect(connectionStatus({ ...up, connected: false, tried: false, silentMs: 4_000 })).toBe('connecting');
  });

  it.each([
    ['socket.io reports the disconnect', { connected: false }],
    ['a connection attempt failed and socket.io retries', { connected: false, tried: true }],
    ['the browser went offline (the socket does not know yet)', { online: false }],
    ['the browser is offline before the first attempt ended', { connected: false, tried: false, online: false }],
    ["the service's ping is overdue (a silently dead connection)", { silentMs: 1_501 }],
  ])('is reconnecting at once when %s', (_case, change: Partial<ConnectionFacts>) => {
    expect(connectionStatus({ ...up, ...change })).toBe('reconnecting');
  });

  it('is refused when the service refused the handshake and socket.io stopped retrying', () => {
    expect(connectionStatus({ ...up, connected: false, active: false })).toBe('refused');
  });
});
