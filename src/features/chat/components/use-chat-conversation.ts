import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { nextReplyAt, type ChatAgent, type ChatState } from '../model/chat-state';
import { chatStoreFor } from '../model/chat-store';

export interface ChatConversation {
  state: ChatState;
  editDraft(text: string): void;
  /** Sends the draft (nothing when it is empty, blank or too long). */
  send(): void;
  switchMode(to: ChatAgent): void;
}

/**
 * The signed-in account's conversation, and the one timer for its next due reply. The timer lives
 * only while the view is mounted (cleared on unmount, so nothing fires into a closed tab); a reply
 * still pending is data in the conversation and is delivered when the tab is shown again (at once
 * if it fell due meanwhile).
 */
export function useChatConversation(owner: string, now: () => number = Date.now): ChatConversation {
  const store = useMemo(() => chatStoreFor(owner), [owner]);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const dueAt = nextReplyAt(state);

  useEffect(() => {
    if (dueAt === null) return;
    const wait = dueAt - now();
    // Fell due while the tab was not shown: delivered before the user sees the log.
    if (wait <= 0) return store.dispatch({ type: 'deliver-due', now: dueAt });
    // Delivers what is due at the timer's own target, so a timer that fires a little early
    // still delivers its reply.
    const timer = setTimeout(() => store.dispatch({ type: 'deliver-due', now: dueAt }), wait);
    return () => clearTimeout(timer);
  }, [store, dueAt, now]);

  return useMemo(
    () => ({
      state,
      editDraft: (text) => store.dispatch({ type: 'edit-draft', text }),
      send: () => store.dispatch({ type: 'send', at: now() }),
      switchMode: (to) => store.dispatch({ type: 'switch-mode', to }),
    }),
    [state, store, now],
  );
}
