import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FacebookPage } from '@common/contract';
import type { FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { getClinic, type ClinicSettings } from '../../model/api/get-clinic';
import { showClinicAlert } from '../../model/components/clinic-dialogs';
import { isFinalRefusal, serviceReason } from '../../model/failure-text';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../../model/messages';
import { clinicKeys } from '../../model/query-keys';
import { startFacebookConnect } from '../api/connect-state';
import { getFacebookPages } from '../api/get-pages';
import { useSelectFacebookPage } from '../api/select-page';
import { becameConnected, connectedPageDetail } from '../page-display';
import {
  browserTimers,
  startFacebookPoll,
  type FacebookPoll,
  type FacebookPollTiming,
  type PollCheck,
} from '../poller';

/** What the popup is to the flow: its only window handle (window.open's answer). */
export type PopupWindow = Pick<Window, 'closed' | 'close' | 'location' | 'opener'>;

export interface FacebookConnectOptions {
  /** null: the clinic is not saved yet ('Save Clinic First'). */
  clinicId: number | null;
  /** The clinic as the form shows it: the connection the flow started from. */
  clinic: ClinicSettings | null;
  timing?: FacebookPollTiming;
}

const POPUP_NAME = 'ngiti-facebook-connect';
const POPUP_FEATURES = 'popup=yes,width=600,height=720';

/**
 * 'Connect Facebook Page': the click opens the popup at once (popup blockers allow a window only
 * inside the click), asks the service for the signed login address and points the popup at it, then
 * polls (poller.ts) until pages are found, the clinic is connected, the popup is closed, or 30
 * polls have passed. Pages found open the picker; choosing one connects it.
 */
export function useFacebookConnect({ clinicId, clinic, timing }: FacebookConnectOptions) {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const [pages, setPages] = useState<FacebookPage[] | null>(null);
  const [notice, setNotice] = useState<FormMessageValue | null>(null);
  const select = useSelectFacebookPage(clinicId ?? -1);
  const running = useRef(false);
  const poll = useRef<FacebookPoll | null>(null);
  const popup = useRef<PopupWindow | null>(null);
  const mounted = useRef(true);
  const startedFrom = useRef<ClinicSettings | null>(clinic);
  useEffect(() => {
    startedFrom.current = clinic;
  }, [clinic]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      poll.current?.cancel();
      if (popup.current && !popup.current.closed) popup.current.close();
    };
  }, []);

  const run = useCallback(
    async (id: number, window: PopupWindow) => {
      const before = startedFrom.current;
      const latest: { connected: ClinicSettings | null } = { connected: null };
      try {
        let url: string;
        try {
          ({ url } = await startFacebookConnect(id));
        } catch (error) {
          window.close();
          void showClinicAlert({
            title: CLINIC_EXTRA_TEXT.startFailedTitle,
            text: CLINIC_EXTRA_TEXT.startFailed,
            icon: 'error',
            detail: serviceReason(error, CLINIC_EXTRA_TEXT.startFailed),
          });
          return;
        }
        if (!mounted.current) return;
        if (window.closed) {
          setNotice({ tone: 'info', text: CLINIC_EXTRA_TEXT.closed });
          return;
        }
        // The login pages need nothing of this window; keep them from reaching it.
        window.opener = null;
        window.location.href = url;

        const check = async (): Promise<PollCheck> => {
          try {
            const found = await getFacebookPages(id);
            if (found.length > 0) return { kind: 'pages', pages: found };
            const now = await getClinic(id);
            if (becameConnected(before, now)) {
              latest.connected = now;
              return { kind: 'connected' };
            }
            return { kind: 'pending' };
          } catch (error) {
            // A dropped answer or a hiccup of the service: the next poll asks again.
            return isFinalRefusal(error) ? { kind: 'failed', error } : { kind: 'pending' };
          }
        };
        const started = startFacebookPoll({ check, isPopupClosed: () => window.closed, timers: browserTimers, timing });
        poll.current = started;
        const outcome = await started.done;
        poll.current = null;
        if (outcome.kind === 'cancelled' || !mounted.current) return;
        if (outcome.kind !== 'closed' && !window.closed) window.close();

        switch (outcome.kind) {
          case 'pages':
            setPages(outcome.pages);
            break;
          case 'connected':
            if (latest.connected) queryClient.setQueryData(clinicKeys.detail(id), latest.connected);
            void showClinicAlert({
              title: CLINIC_TEXT.connectedTitle,
              text: CLINIC_TEXT.connectedText,
              icon: 'success',
              detail: latest.connected ? connectedPageDetail(latest.connected) : undefined,
            });
            break;
          case 'timeout':
            void showClinicAlert({ title: CLINIC_TEXT.timeoutTitle, text: CLINIC_TEXT.timeoutText, icon: 'error' });
            break;
          case 'failed':
            void showClinicAlert({
              title: CLINIC_TEXT.errorTitle,
              text: CLINIC_EXTRA_TEXT.pollFailed,
              icon: 'error',
              detail: serviceReason(outcome.error, CLINIC_EXTRA_TEXT.pollFailed),
            });
            break;
          case 'closed':
            setNotice({ tone: 'info', text: CLINIC_EXTRA_TEXT.closed });
            break;
        }
      } finally {
        running.current = false;
        popup.current = null;
        if (mounted.current) setConnecting(false);
      }
    },
    [queryClient, timing],
  );

  /** The button's click: must stay synchronous up to window.open. */
  const connect = useCallback(() => {
    if (clinicId === null) {
      void showClinicAlert({ title: CLINIC_TEXT.saveFirstTitle, text: CLINIC_TEXT.saveFirstText, icon: 'warning' });
      return;
    }
    if (running.current) return;
    const opened = window.open('', POPUP_NAME, POPUP_FEATURES);
    if (!opened) {
      void showClinicAlert({
        title: CLINIC_EXTRA_TEXT.popupBlockedTitle,
        text: CLINIC_EXTRA_TEXT.popupBlockedText,
        icon: 'warning',
      });
      return;
    }
    running.current = true;
    popup.current = opened;
    setNotice(null);
    setPages(null);
    setConnecting(true);
    void run(clinicId, opened);
  }, [clinicId, run]);

  const choosePage = useCallback(
    async (page: FacebookPage) => {
      try {
        const result = await select.mutateAsync(page);
        if (result === ALREADY_PENDING) return;
        if (mounted.current) setPages(null);
        void showClinicAlert({
          title: CLINIC_TEXT.connectedTitle,
          text: CLINIC_TEXT.connectedText,
          icon: 'success',
          detail: result.page.name,
        });
      } catch (error) {
        // The picker stays open: the service keeps the pages, so another try (or Cancel) is possible.
        void showClinicAlert({
          title: CLINIC_TEXT.errorTitle,
          text: CLINIC_TEXT.selectFailed,
          icon: 'error',
          detail: serviceReason(error, CLINIC_TEXT.selectFailed),
        });
      }
    },
    [select],
  );

  const closePicker = useCallback(() => setPages(null), []);

  return { connecting, connect, pages, choosePage, closePicker, selecting: select.isPending, notice };
}
