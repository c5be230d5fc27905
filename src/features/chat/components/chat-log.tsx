import { useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../model/chat-state';
import { CHAT_EXTRA_TEXT } from '../model/messages';

/**
 * The conversation as a live log (screen readers announce new messages politely). Each message
 * names its sender in words as well as in colour. The log keeps its newest message in view.
 */
export function ChatLog({ messages }: { messages: readonly ChatMessage[] }) {
  const logRef = useRef<HTMLDivElement>(null);
  const count = messages.length;

  useLayoutEffect(() => {
    const log = logRef.current;
    // Scrolls the log itself, never the page around it.
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  return (
    <div ref={logRef} className="chat-log" role="log" aria-live="polite" aria-label={CHAT_EXTRA_TEXT.conversation}>
      {messages.map((message) => (
        <div key={message.id} className={`chat-message chat-message-${message.sender}`} data-sender={message.sender}>
          <span className="chat-sender">{CHAT_EXTRA_TEXT.sender[message.sender]}</span>
          <p className="chat-text">{message.text}</p>
        </div>
      ))}
    </div>
  );
}
