import { useCallback } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { RequestError } from '@/lib/request-error';
import type { OpenFlag } from '../../model/api/open-flags';
import { FLAG_TEXT } from '../../model/flag-messages';
import { useResolveFlag } from '../api/resolve-flag';

/**
 * 'Keep appointment' on a late cancellation request: the flag is marked handled and its badge
 * goes. One already handled elsewhere (a colleague, the appointment cancelled) just goes too.
 */
export function useKeepAppointment(clinicId: number) {
  const toast = useToast();
  const { mutateAsync: resolve } = useResolveFlag(clinicId);
  return useCallback(
    (flag: OpenFlag) => {
      resolve(flag.id).catch((error: unknown) => {
        if (error instanceof RequestError && error.kind === 'gone') return;
        console.error('Ngiti: resolving the flag failed', error);
        toast(FLAG_TEXT.keepFailed, { tone: 'error' });
      });
    },
    [resolve, toast],
  );
}
