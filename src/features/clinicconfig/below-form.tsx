import { AuditTrailSection } from './audit-trail/components/audit-trail-section';
import { HmosSection } from './hmos/components/hmos-section';
import { MessengerContactsSection } from './messenger-contacts/components/messenger-contacts-section';

/**
 * The parts of a clinic's settings below its form: accredited HMOs, Messenger contacts and the
 * audit trail. A chunk of their own (./clinics-screen.tsx loads it once the form is drawn): on a
 * phone they start far below the fold, and their code was most of the tab's.
 */
export default function BelowForm({ clinicId }: { clinicId: number }) {
  return (
    <>
      <HmosSection clinicId={clinicId} />
      <MessengerContactsSection clinicId={clinicId} />
      <AuditTrailSection clinicId={clinicId} />
    </>
  );
}
