import type { ComponentProps } from 'react';
import { NoShowInsightSection } from './no-show-insight/components/no-show-insight-section';
import { StatutoryDiscountsSection } from './statutory-discounts/components/statutory-discounts-section';

/**
 * The reports below the day sheet: the statutory discounts and the no-show insight. A chunk of
 * their own (./tab.tsx loads it once the day sheet is drawn): on a phone they start below the fold,
 * and a reload drew them, forms and tables, before its first screen.
 */
export default function BelowDaySheet(props: ComponentProps<typeof StatutoryDiscountsSection>) {
  return (
    <>
      <StatutoryDiscountsSection {...props} />
      <NoShowInsightSection clinicId={props.clinicId} today={props.today} />
    </>
  );
}
