import type { ComponentProps } from 'react';
import { AfterFirstPaint, lazyView } from '@/components/lazy-view/lazy-view';
import { Screen } from '@/components/screen/screen';
import { LoadingState } from '@/components/states/states';
import { useClinicZone } from '@/entities/clinic';
import { clinicLabel, useSession } from '@/lib/session';
import { useClinicToday } from '@/lib/use-now';
import type BelowDaySheetView from './below-day-sheet';
import { DaySheetSection } from './day-sheet/components/day-sheet-section';
import { REPORTS_TEXT } from './model/messages';
import '@/components/table/data-table.css';
import './reports.css';

/**
 * The statutory discounts and the no-show insight (./below-day-sheet.tsx): a chunk of their own,
 * asked for once the day sheet has been painted.
 */
const BelowDaySheet = lazyView<ComponentProps<typeof BelowDaySheetView>>(() => import('./below-day-sheet'), {
  label: REPORTS_TEXT.loading,
});

function ReportsScreen({ clinicId, clinicName }: { clinicId: number; clinicName: string }) {
  const zone = useClinicZone(clinicId);
  if (zone.isPending) return <LoadingState label={REPORTS_TEXT.loading} />;
  return <ReportsOfTheDay clinicId={clinicId} clinicName={clinicName} timeZone={zone.timeZone} />;
}

function ReportsOfTheDay({
  clinicId,
  clinicName,
  timeZone,
}: {
  clinicId: number;
  clinicName: string;
  timeZone: string;
}) {
  // Today in the clinic's own time zone (the browser's zone may differ), moving on at its midnight.
  const today = useClinicToday(timeZone);
  return (
    <>
      <DaySheetSection clinicId={clinicId} clinicName={clinicName} today={today} timeZone={timeZone} />
      <AfterFirstPaint>
        <BelowDaySheet clinicId={clinicId} clinicName={clinicName} today={today} />
      </AfterFirstPaint>
    </>
  );
}

/** The Reports tab: the day sheet, the statutory discounts and the no-show insight of
 * the working clinic. */
export default function ReportsTab() {
  const { clinic } = useSession();
  return (
    <Screen className="reports" titleId="reports-title" title={REPORTS_TEXT.tabTitle}>
      {clinic.id === null ? (
        <LoadingState label={REPORTS_TEXT.loading} />
      ) : (
        // A superadmin switching clinics gets a fresh screen: no day or period carried across.
        <ReportsScreen key={clinic.id} clinicId={clinic.id} clinicName={clinicLabel(clinic.name)} />
      )}
    </Screen>
  );
}
