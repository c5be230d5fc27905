import { useId, type KeyboardEvent, type Ref } from 'react';
import { checkDraft, MAX_MESSAGE_LENGTH } from '../model/chat-state';
import { CHAT_EXTRA_TEXT, CHAT_TEXT } from '../model/messages';

interface ChatComposerProps {
  draft: string;
  onDraft(text: string): void;
  onSend(): void;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is
 * composing is left to it). Send is disabled while the message is blank or too long; a too long
 * message stays in the box with a message saying why.
 */
export function ChatComposer({ draft, onDraft, onSend, inputRef }: ChatComposerProps) {
  const id = useId();
  const check = checkDraft(draft);
  const tooLong = !check.ok && check.reason === 'too-long';

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {CHAT_EXTRA_TEXT.messageLabel}
      </label>
      <textarea
        ref={inputRef}
        id={`${id}-input`}
        className="input chat-input"
        rows={2}
        placeholder={CHAT_TEXT.placeholder}
        value={draft}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint ${id}-counter${tooLong ? ` ${id}-error` : ''}`}
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button-primary chat-send" disabled={!check.ok}>
        {CHAT_TEXT.send}
      </button>
      <div className="chat-composer-notes">
        <p id={`${id}-hint`} className="chat-hint">
          {CHAT_EXTRA_TEXT.keyHint}
        </p>
        <p id={`${id}-counter`} className={`chat-counter${tooLong ? ' chat-counter-over' : ''}`}>
          {CHAT_EXTRA_TEXT.counter(check.length, MAX_MESSAGE_LENGTH)}
        </p>
      </div>
      {tooLong ? (
        <p id={`${id}-error`} className="chat-error" role="alert">
          {CHAT_EXTRA_TEXT.tooLong(MAX_MESSAGE_LENGTH)}
        </p>
      ) : null}
    </form>
  );
}
