import { describe, expect, it } from 'vitest';
import { parseRecallNotice } from './recall-feed';
import { acceptBookReply, bookAcknowledgementText, recalledRecentlyText, recallText } from './recall-rules';

describe('the recall text', () => {
  it("names the patient, the clinic and the last visit's clinic date", () => {
    expect(
      recallText({
        patientName: 'Maria Santos',
        clinicName: 'Smile Dental',
        // 23:30 UTC on 2 March is 3 March in Manila.
        lastVisitAt: new Date('2026-03-02T23:30:00Z'),
        timeZone: 'Asia/Manila',
      }),
    ).toBe(
      'Hi Maria Santos, it has been a while since your last visit on March 3, 2026, and you are due for a dental check-up at Smile Dental. Tap Book and we will message you to find a time that suits you.',
    );
  });

  it('leaves the date out when there is none', () => {
    expect(
      recallText({ patientName: 'Jose', clinicName: 'Smile Dental', lastVisitAt: null, timeZone: 'Asia/Manila' }),
    ).toMatch(/^Hi Jose, it has been a while, and you are due/);
  });
});

describe("staff's 409 within 30 days", () => {
  it('says when the patient was recalled and from when another recall can go, in clinic dates', () => {
    expect(
      recalledRecentlyText({
        patientName: 'Maria Santos',
        recalledAt: new Date('2026-11-09T17:00:00Z'),
        blockedUntil: new Date('2026-12-09T17:00:00Z'),
        timeZone: 'Asia/Manila',
      }),
    ).toBe('Maria Santos was recalled on November 10, 2026. Another recall can be sent from December 10, 2026.');
  });
});

describe('a Book tap', () => {
  const recall = {
    id: 1,
    clinicId: 1,
    patientId: 2,
    patientName: 'Maria',
    messengerId: ' 7001 ',
    patientDeleted: false,
  };

  it("counts only from the recall's own recipient, for a patient who still exists", () => {
    expect(acceptBookReply(recall, '7001')).toBe(true);
    expect(acceptBookReply(recall, '7002')).toBe(false);
    expect(acceptBookReply({ ...recall, patientDeleted: true }, '7001')).toBe(false);
    expect(acceptBookReply({ ...recall, messengerId: null }, '7001')).toBe(false);
    expect(acceptBookReply(null, '7001')).toBe(false);
  });

  it('is acknowledged, with the clinic phone when there is one', () => {
    expect(bookAcknowledgementText('0917 555 0101')).toBe(
      'Thank you! We received your request and will message you shortly to book your check-up. You can also call us at 0917 555 0101.',
    );
    expect(bookAcknowledgementText(null)).not.toContain('call');
  });
});

describe('recall change notices', () => {
  it("are read from the trigger's JSON, and anything else is dropped", () => {
    expect(parseRecallNotice('{"table":"recall_messages","op":"UPDATE","id":4,"clinic_id":1,"patient_id":2}')).toEqual({
      table: 'recall_messages',
      op: 'UPDATE',
      id: 4,
      clinic_id: 1,
      patient_id: 2,
    });
    expect(parseRecallNotice('not json')).toBeNull();
    expect(parseRecallNotice('{"table":"recall_messages"}')).toBeNull();
  });
});
