export {
  requestBooking,
  takeBookingIntent,
  useBookingIntent,
  useOpenBooking,
  type BookingIntent,
} from './booking-intent';
export { StatusBadge } from './components/status-badge';
export { statusToneClass } from './components/status-tone';
export {
  APPOINTMENT_STATUSES,
  isAppointmentStatus,
  statusBadge,
  statusColour,
  type AppointmentStatus,
  type StatusBadgeLook,
  type StatusColour,
} from './status';
