import type { ReactNode } from 'react';
import { lazyView, namedExport } from '@/components/lazy-view/lazy-view';
import {
  FeatureSlotsContext,
  type AddInvoiceModalProps,
  type CreatePatientModalProps,
  type FeatureSlots,
  type PatientChartProps,
  type PatientInvoicesProps,
} from '@/lib/feature-slots';

/**
 * What fills each feature slot (src/lib/feature-slots.ts). Each is its own chunk, loaded the
 * first time a feature shows it, so the login screen and tabs that never bill download nothing.
 */
export const APP_FEATURE_SLOTS: FeatureSlots = Object.freeze({
  AddInvoiceModal: lazyView<AddInvoiceModalProps>(
    namedExport(() => import('@/features/bills/add-invoice/components/add-invoice-modal'), 'AddInvoiceModal'),
    { label: 'Loading Add Invoice…' },
  ),
  PatientInvoices: lazyView<PatientInvoicesProps>(
    namedExport(() => import('@/features/bills/patient-invoices/components/patient-invoices'), 'PatientInvoices'),
    { label: 'Loading invoices…' },
  ),
  CreatePatientModal: lazyView<CreatePatientModalProps>(
    namedExport(() => import('@/features/patients/form/components/create-patient-modal'), 'CreatePatientModal'),
    { label: 'Loading patient form…' },
  ),
  PatientChart: lazyView<PatientChartProps>(
    namedExport(() => import('@/features/chart/patient-chart'), 'PatientChart'),
    { label: 'Loading the chart…' },
  ),
  BillItemsFor: (appointment: { id: number; patientId: number }) =>
    import('@/features/chart/bill-done-items/api/items-done-at').then((module) => module.itemsDoneAt(appointment)),
});

/** Gives the dashboard's tabs the filled slots (src/app/router.tsx loads this with the dashboard). */
export function WithFeatureSlots({ children }: { children: ReactNode }) {
  return <FeatureSlotsContext.Provider value={APP_FEATURE_SLOTS}>{children}</FeatureSlotsContext.Provider>;
}
