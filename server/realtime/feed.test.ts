import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { waitlistUpdatedPayloadSchema, type WaitlistUpdatedPayload } from '@common/contract';
import type { ServiceDatabase } from '../contracts';
import { createClinicFeed, createFeed, parseNotice } from './feed';

/** A database whose one LISTEN the test drives: notify, lose and regain the connection. */
function fakeDatabase() {
  const state: {
    channel?: string;
    notify?: (payload: string) => void;
    reconnect?: () => void;
    listening: boolean;
    listens: number;
  } = { listening: false, listens: 0 };
  const db = {
    kind: 'pglite',
    async listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) {
      Object.assign(state, { channel, notify: onNotify, reconnect: onReconnect, listening: true });
      state.listens++;
      return async () => {
        state.listening = false;
      };
    },
  } as unknown as ServiceDatabase;
  return { db, state };
}

const waitlistChanges = { channel: 'waitlist_changes', schema: waitlistUpdatedPayloadSchema, name: 'waitlist change' };
const silent = pino({ level: 'silent' });

function recordingLogger() {
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => warnings.push((JSON.parse(line) as { msg: string }).msg) },
  );
  return { logger, warnings };
}

describe('parseNotice', () => {
  it('when the payload is what the schema describes, then it is read', () => {
    expect(parseNotice(waitlistUpdatedPayloadSchema, '{"clinic_id" : 3, "entry_id" : 41}')).toEqual({
      clinic_id: 3,
      entry_id: 41,
    });
  });

  it.each(['', 'not json', 'null', '{"clinic_id":3}'])('when the payload is %j, then it is null', (payload) => {
    expect(parseNotice(waitlistUpdatedPayloadSchema, payload)).toBeNull();
  });
});

describe('createFeed', () => {
  it('when notices arrive, then typed events are handed on, malformed ones logged and dropped', async () => {
    const { db, state } = fakeDatabase();
    const { logger, warnings } = recordingLogger();
    const events: WaitlistUpdatedPayload[] = [];
    const feed = createFeed({ ...waitlistChanges, db, logger, onEvent: (event) => events.push(event) });
    await feed.start();
    expect(state.channel).toBe('waitlist_changes');
    state.notify!('{"clinic_id":"3"}');
    state.notify!('{"clinic_id":3,"entry_id":41}');
    expect(events).toEqual([{ clinic_id: 3, entry_id: 41 }]);
    expect(warnings).toEqual(['ignored a malformed waitlist change notice']);
  });

  it('when the lost connection listens again, then onReconnect runs', async () => {
    const { db, state } = fakeDatabase();
    let reconnects = 0;
    const feed = createFeed({
      ...waitlistChanges,
      db,
      logger: silent,
      onEvent: () => undefined,
      onReconnect: () => reconnects++,
    });
    await feed.start();
    state.reconnect!();
    expect(reconnects).toBe(1);
  });

  it('when started twice and stopped, then it listened once and listens no more', async () => {
    const { db, state } = fakeDatabase();
    const feed = createFeed({ ...waitlistChanges, db, logger: silent, onEvent: () => undefined });
    await feed.start();
    await feed.start();
    expect(state.listens).toBe(1);
    await feed.stop();
    expect(state.listening).toBe(false);
  });
});

describe('createClinicFeed', () => {
  it('when a notice is of a clinic nobody here follows, then it is dropped', async () => {
    const { db, state } = fakeDatabase();
    const delivered: WaitlistUpdatedPayload[] = [];
    const feed = createClinicFeed(waitlistChanges, {
      db,
      logger: silent,
      isFollowed: (clinicId) => clinicId === 3,
      deliver: (event) => delivered.push(event),
    });
    await feed.start();
    state.notify!('{"clinic_id":4,"entry_id":40}');
    state.notify!('{"clinic_id":3,"entry_id":41}');
    expect(delivered).toEqual([{ clinic_id: 3, entry_id: 41 }]);
  });
});
