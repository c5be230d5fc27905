import type { ChartCondition, ChartEntryState } from '@/lib/database.types';

/** The chart's texts. Issue 33 names the conditions and states; the rest the spec does not give. */
export const CHART_TEXT = {
  title: (patientName: string) => `Dental chart: ${patientName}`,
  back: 'Back to Patients',
  print: 'Print',
  asOf: 'As of',
  dentition: 'Teeth shown',
  dentitions: { permanent: 'Permanent', mixed: 'Mixed', primary: 'Primary' },
  chartLabel: 'Odontogram',
  upper: 'Upper',
  lower: 'Lower',
  tooth: (tooth: number) => `Tooth ${tooth}`,
  noFindings: 'no findings',
  legend: 'Legend',
  states: 'States',
  loading: 'Loading the chart…',
  loadFailed: 'The chart could not be loaded.',
  retry: 'Retry',
  history: (day: string) => `The chart as it stood at the end of ${day}. Go back to today to chart.`,
  readOnly: 'You can read this chart; dentists and admins chart.',
  entriesOf: (tooth: number) => `Tooth ${tooth}`,
  noEntries: 'Nothing charted on this tooth.',
  recorded: (who: string, when: string) => `${who}, ${when}`,
  atAppointment: (when: string) => `At the appointment of ${when}`,
  someone: 'Someone',
  remove: 'Remove',
  removeLabel: (description: string) => `Remove ${description}`,
  removeText: 'It leaves the chart from today on and stays on the chart of earlier days.',
  removed: 'Chart entry removed.',
  removeFailed: 'The entry could not be removed.',
  addTitle: (tooth: number) => `Chart tooth ${tooth}`,
  surfaces: 'Surfaces',
  surfacesHint: 'None for the whole tooth.',
  condition: 'Condition',
  state: 'State',
  appointment: 'Appointment',
  noAppointment: 'None',
  note: 'Note',
  save: 'Add to chart',
  saved: (tooth: number) => `Charted tooth ${tooth}.`,
  saveFailed: 'The entry was not charted.',
  live: { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' },
} as const;

export const CONDITION_LABELS: Readonly<Record<ChartCondition, string>> = {
  caries: 'Caries',
  filling: 'Filling',
  crown: 'Crown',
  missing: 'Missing',
  extracted: 'Extracted',
  root_canal: 'Root canal',
  implant: 'Implant',
  bridge: 'Bridge',
  sealant: 'Sealant',
  fracture: 'Fracture',
  watch: 'To watch',
};

export const STATE_LABELS: Readonly<Record<ChartEntryState, string>> = {
  existing: 'Existing',
  planned: 'Planned',
  completed: 'Completed',
};

/** Why an entry was refused, by the database's code (common/contract/error-codes.ts). */
export const CHART_REFUSALS = {
  chart_tooth_invalid: 'That is not an FDI tooth number.',
  chart_surfaces_invalid: 'Choose each surface at most once.',
  chart_surfaces_whole_tooth: 'This condition is charted for the whole tooth: clear the surfaces.',
  chart_appointment_mismatch: 'That appointment is not this patient’s.',
  chart_entry_removed: 'The entry was already removed.',
  chart_entry_remove_only: 'A chart entry is never edited: remove it and chart again.',
  forbidden: 'Only dentists and admins chart.',
  unreachable: 'Ngiti cannot reach the server. Try again.',
} as const;
