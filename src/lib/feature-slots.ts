/**
 * Places where one feature shows a piece of another. Features never import each other (see
 * eslint.config.js), so a feature declares here what it can show, the app fills the slot with
 * the other feature's component (src/app/feature-slots.tsx), and the feature renders whatever the
 * slot holds, or nothing when it is empty (a test that does not care about the other feature).
 */
import { createContext, createElement, useContext, type ComponentType, type ReactElement } from 'react';

/**
 * One line an invoice starts with (e.g. a treatment plan's item done at the appointment): the
 * price-list procedure, the tooth and surfaces it was for, and the price to start at. Every
 * field stays editable in the form; the database checks tooth and surfaces when it is saved.
 */
export interface InvoiceLinePrefill {
  procedureId: number;
  /** FDI tooth number (11–48, 51–85), when the line is for one tooth. */
  tooth?: number | null;
  /** Surfaces of that tooth: 'M', 'O', 'D', 'B', 'L'. */
  surfaces?: readonly string[];
  /** In centavos. */
  priceCentavos: number;
  /** 1 when left out. */
  quantity?: number;
}

/** What 'Bill' on a Completed appointment knows before the Add Invoice modal opens. */
export interface AddInvoicePrefill {
  patient: { id: number; name: string };
  /** The procedure's price now, when the appointment's procedure was found; else the field starts empty. */
  totalCentavos?: number;
  /** The invoice keeps the appointment it bills. */
  appointmentId?: number;
  /** Lines to start with: the form opens itemised with them (a non-empty list), else with Total. */
  items?: readonly InvoiceLinePrefill[];
}

/**
 * Where 'Bill' reads the lines done at an appointment (given by whoever composes the Appointments
 * list). An empty answer means none: Bill then starts from the appointment's reason.
 */
export type BillItemsSource = (appointment: {
  id: number;
  patientId: number;
}) => Promise<readonly InvoiceLinePrefill[]>;

export interface AddInvoiceModalProps {
  clinicId: number;
  onClose: () => void;
  prefill?: AddInvoicePrefill;
}

export interface PatientInvoicesProps {
  clinicId: number;
  patientId: number;
}

/** What 'Create patient' on a Messenger contact (Clinic Config) knows: the sender's name and page-scoped id. */
export interface CreatePatientPrefill {
  name: string;
  messengerId: string;
}

export interface CreatePatientModalProps {
  clinicId: number;
  prefill: CreatePatientPrefill;
  onClose: () => void;
  /** Called with the success text once the patient was saved. */
  onSaved: (successText: string) => void;
}

/** A patient's dental chart, opened from their row in the Patients list. */
export interface PatientChartProps {
  clinicId: number;
  patient: { id: number; name: string };
  /** Back to the Patients list. */
  onClose: () => void;
}

export interface FeatureSlots {
  /** Billing's Add Invoice modal, opened by 'Bill' in the Appointments list. */
  AddInvoiceModal: ComponentType<AddInvoiceModalProps> | null;
  /** Billing's 'Invoices' section of a patient's history (Patients tab). */
  PatientInvoices: ComponentType<PatientInvoicesProps> | null;
  /**
   * The Patients feature's Add Patient form, prefilled from a Messenger contact (Clinic Config).
   * Optional: slot sets written before it existed (tests) leave it out, which means empty.
   */
  CreatePatientModal?: ComponentType<CreatePatientModalProps> | null;
  /** The chart feature's dental chart of one patient (Patients tab). Optional like CreatePatientModal. */
  PatientChart?: ComponentType<PatientChartProps> | null;
  /** The chart feature's treatment plan items done at an appointment, for 'Bill'. Optional likewise. */
  BillItemsFor?: BillItemsSource | null;
}

export const EMPTY_FEATURE_SLOTS: FeatureSlots = Object.freeze({
  AddInvoiceModal: null,
  PatientInvoices: null,
  CreatePatientModal: null,
  PatientChart: null,
  BillItemsFor: null,
});

export const FeatureSlotsContext = createContext<FeatureSlots>(EMPTY_FEATURE_SLOTS);

/** Whether the app filled the slot (a feature offers the action only then). */
export function useHasFeatureSlot(name: keyof FeatureSlots): boolean {
  return (useContext(FeatureSlotsContext)[name] ?? null) !== null;
}

/** Where 'Bill' reads the lines done at an appointment, or undefined: Bill then starts from its reason. */
export function useBillItemsSource(): BillItemsSource | undefined {
  return useContext(FeatureSlotsContext).BillItemsFor ?? undefined;
}

/** Billing's Add Invoice modal, or nothing. */
export function AddInvoiceModalSlot(props: AddInvoiceModalProps): ReactElement | null {
  const component = useContext(FeatureSlotsContext).AddInvoiceModal;
  return component ? createElement(component, props) : null;
}

/** Billing's invoices section of a patient's history, or nothing. */
export function PatientInvoicesSlot(props: PatientInvoicesProps): ReactElement | null {
  const component = useContext(FeatureSlotsContext).PatientInvoices;
  return component ? createElement(component, props) : null;
}

/** The Patients feature's Add Patient form with a Messenger contact's name and id, or nothing. */
export function CreatePatientModalSlot(props: CreatePatientModalProps): ReactElement | null {
  const component = useContext(FeatureSlotsContext).CreatePatientModal;
  return component ? createElement(component, props) : null;
}

/** The chart feature's dental chart of one patient, or nothing. */
export function PatientChartSlot(props: PatientChartProps): ReactElement | null {
  const component = useContext(FeatureSlotsContext).PatientChart;
  return component ? createElement(component, props) : null;
}
