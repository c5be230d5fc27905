import { useEffect, useState } from 'react';
import { formatClinicDateTime } from '@common/clinic-calendar';
import { NOW_REFRESH_MS } from '@/lib/use-now';
import { DAY_SHEET_TEXT } from '../../model/messages';

/**
 * 'Printed on <clinic date and time> by <staff name>': on screen and on paper. The time follows
 * the clock each minute and is taken again as the print starts, so the paper says when it was printed.
 */
export function PrintedBy({ timeZone, staffName }: { timeZone: string; staffName: string }) {
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => {
    const takeTime = () => setPrintedAt(new Date());
    const timer = setInterval(takeTime, NOW_REFRESH_MS);
    window.addEventListener('beforeprint', takeTime);
    return () => {
      clearInterval(timer);
      window.removeEventListener('beforeprint', takeTime);
    };
  }, []);
  return (
    <p className="reports-printed-by" data-testid="day-sheet-printed-by">
      {DAY_SHEET_TEXT.printedBy(formatClinicDateTime(printedAt, timeZone), staffName)}
    </p>
  );
}
