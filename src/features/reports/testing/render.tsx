import type { Role } from '@/lib/authorization';
import { renderSignedIn } from '@/testing/real-db';
import ReportsTab from '../tab';

/**
 * Renders the Reports tab as the app does, signed in to clinic 1 with `role` (receptionist by
 * default) on the file's real stack.
 */
export function renderReports(options: { role?: Role } = {}) {
  return renderSignedIn(<ReportsTab />, { role: options.role ?? 'receptionist' });
}
