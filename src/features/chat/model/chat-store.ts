import { chatReducer, initialChatState, type ChatAction, type ChatState } from './chat-state';

/** One conversation held in memory, outside React, so it outlives the tab's view. */
export interface ChatStore {
  getState(): ChatState;
  dispatch(action: ChatAction): void;
  subscribe(listener: () => void): () => void;
}

export function createChatStore(state: ChatState = initialChatState()): ChatStore {
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = chatReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The conversation lives for the page's lifetime and belongs to one signed-in account: switching
 * tabs (or a superadmin switching clinics) keeps it, a reload or another account starts afresh.
 * Only the latest account's conversation is kept, so the next person at a shared front-desk
 * tablet never sees it.
 */
let current: { owner: string; store: ChatStore } | null = null;

export function chatStoreFor(owner: string): ChatStore {
  if (current?.owner !== owner) current = { owner, store: createChatStore() };
  return current.store;
}

/** Forgets the kept conversation (tests start each case from the welcome message). */
export function forgetChatConversation(): void {
  current = null;
}
