export {
  PATIENT_SEARCH_LIMIT,
  searchPatients,
  usePatientNameSearch,
  type PatientSearchScope,
  type PickedPatient,
} from './api/search-patients';
export {
  getNoShowFlags,
  getPatientNoShowCount,
  noShowFlagKeys,
  noShowFlagsQuery,
  useNoShowFlags,
  usePatientNoShowCount,
} from './api/no-show-flags';
export { PatientNoShowFlag } from './components/patient-no-show-flag';
export { PatientPicker, type ChosenPatient, type PatientPickerProps } from './components/patient-picker';
export {
  MAX_PATIENT_SEARCH_LENGTH,
  foldName,
  matchesPatientName,
  normalizePatientTerm,
  patientNameRegex,
} from './name-match';
export { invalidatePatientChart, patientChartKey, patientQueryKeys } from './query-keys';
export { getPatientHmoCards, hmoCardKeys, usePatientHmoCards, type PatientHmoCard } from './api/hmo-cards';
export { HmoCardNotice, HmoCardStatusBadge, PatientHmoCardNotice } from './components/patient-hmo-card-notice';
export { HMO_CARD_STATUS_TEXT, hmoCardNotice, hmoCardStatusNotice, type HmoCardOnDay } from './hmo-cards';
