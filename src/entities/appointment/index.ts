export {
  requestBooking,
  takeBookingIntent,
  useBookingIntent,
  useOpenBooking,
  type BookingIntent,
} from './booking-intent';
export { StatusBadge } from './components/status-badge';
export {
  APPOINTMENT_STATUSES,
  isAppointmentStatus,
  statusBadge,
  statusColour,
  type AppointmentStatus,
  type StatusBadgeLook,
  type StatusColour,
} from './status';
