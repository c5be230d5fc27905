import type { ChatAgent } from '../model/chat-state';
import { CHAT_TEXT } from '../model/messages';

/** The banner saying who answers, and the two buttons that switch (the current one disabled). */
export function ChatModeBar({ mode, onSwitch }: { mode: ChatAgent; onSwitch(to: ChatAgent): void }) {
  return (
    <div className={`chat-mode chat-mode-${mode}`}>
      <p className="chat-banner" data-testid="chat-banner">
        {CHAT_TEXT.banner[mode]}
      </p>
      <div className="chat-mode-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={mode === 'human'}
          onClick={() => onSwitch('human')}
        >
          {CHAT_TEXT.talkToHuman}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={mode === 'bot'}
          onClick={() => onSwitch('bot')}
        >
          {CHAT_TEXT.backToBot}
        </button>
      </div>
    </div>
  );
}
