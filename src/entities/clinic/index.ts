export {
  clinicTimeZoneKey,
  getClinicTimeZone,
  rememberClinicTimeZone,
  useClinicTimeZone,
  useClinicZone,
  useSessionTimeZone,
  type ClinicZone,
} from './clinic-time-zone';
