import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useClinic } from '../../model/api/get-clinic';
import { auditKeys } from '../api/query-keys';

/** A save of the clinic's settings or page (the clinic's query data changes) is news for the log. */
export function useRefreshWhenClinicSaved(clinicId: number) {
  const queryClient = useQueryClient();
  const clinic = useClinic(clinicId);
  const seen = useRef<number | null>(null);
  const updatedAt = clinic.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt === 0) return;
    if (seen.current !== null && seen.current !== updatedAt)
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    seen.current = updatedAt;
  }, [updatedAt, queryClient]);
}
