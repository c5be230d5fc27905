import type { Role } from '@/lib/authorization';
import { renderSignedIn } from '@/testing/real-db';
import { ProceduresView } from '../procedures-screen';

/** Renders the Procedures tab as the app does, signed in to clinic 1 with `role` (receptionist by default). */
export function renderProcedures(options: { role?: Role } = {}) {
  return renderSignedIn(<ProceduresView />, { role: options.role ?? 'receptionist' });
}
