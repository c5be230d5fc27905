import { lazyView } from '@/components/lazy-view/lazy-view';
import type {
  AddInvoiceModalProps,
  CreatePatientModalProps,
  FeatureSlots,
  PatientInvoicesProps,
} from '@/lib/feature-slots';

/**
 * What fills each feature slot (src/lib/feature-slots.ts). Each is its own chunk, loaded the
 * first time a feature shows it, so the login screen and tabs that never bill download nothing.
 */
export const APP_FEATURE_SLOTS: FeatureSlots = Object.freeze({
  AddInvoiceModal: lazyView<AddInvoiceModalProps>(
    () =>
      import('@/features/billing/add-invoice/components/add-invoice-modal').then((module) => ({
        default: module.AddInvoiceModal,
      })),
    { label: 'Loading Add Invoice…' },
  ),
  PatientInvoices: lazyView<PatientInvoicesProps>(
    () =>
      import('@/features/billing/patient-invoices/components/patient-invoices').then((module) => ({
        default: module.PatientInvoices,
      })),
    { label: 'Loading invoices…' },
  ),
  CreatePatientModal: lazyView<CreatePatientModalProps>(
    () =>
      import('@/features/patients/form/components/create-patient-modal').then((module) => ({
        default: module.CreatePatientModal,
      })),
    { label: 'Loading patient form…' },
  ),
});
