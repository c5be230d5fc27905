export { CLINIC_HOURS, type ClinicHours } from './clinic-hours';
export {
  clinicTimeZoneKey,
  getClinicTimeZone,
  rememberClinicTimeZone,
  useClinicTimeZone,
  useClinicZone,
  useSessionTimeZone,
  type ClinicZone,
} from './clinic-time-zone';
