import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useZodForm } from '@/components/form/use-zod-form';
import { checkDraft, MAX_MESSAGE_LENGTH } from '../model/chat-state';
import { composerSchema } from '../model/composer-schema';
import { CHAT_EXTRA_TEXT, CHAT_TEXT } from '../model/messages';

interface ChatComposerProps {
  /** The draft kept with the conversation, which the box starts from. */
  draft: string;
  onDraft(text: string): void;
  onSend(): void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is
 * composing is left to it). It is checked as the user types: Send is disabled while the message is
 * blank or too long, and a too long message stays in the box with a message saying why.
 */
export function ChatComposer({ draft, onDraft, onSend, inputRef }: ChatComposerProps) {
  const id = useId();
  const form = useZodForm(composerSchema, {
    mode: 'onChange',
    reValidateMode: 'onChange',
    defaultValues: { message: draft },
  });
  const { errors, isValid } = form.formState;
  const { trigger } = form;
  const [keptDraft] = useState(draft);
  // A kept draft is checked when the box is shown again, so a too long one says so at once.
  useEffect(() => {
    if (keptDraft !== '') void trigger('message');
  }, [keptDraft, trigger]);
  // A blank message is refused without a message of its own.
  const error = errors.message?.message || undefined;
  const length = checkDraft(form.watch('message')).length;
  const { ref: registerRef, ...registered } = form.register('message', {
    // The conversation keeps the draft, so it is still there when the tab is shown again.
    onChange: (event: { target: HTMLTextAreaElement }) => onDraft(event.target.value),
  });
  const send = form.handleSubmit(() => {
    onSend();
    form.reset({ message: '' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form className="chat-composer" onSubmit={(event) => void send(event)}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {CHAT_EXTRA_TEXT.messageLabel}
      </label>
      <textarea
        {...registered}
        ref={(element) => {
          registerRef(element);
          if (inputRef) inputRef.current = element;
        }}
        id={`${id}-input`}
        className="input chat-input"
        rows={2}
        placeholder={CHAT_TEXT.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-counter${error ? ` ${id}-error` : ''}`}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button-primary chat-send" disabled={!isValid}>
        {CHAT_TEXT.send}
      </button>
      <div className="chat-composer-notes">
        <p id={`${id}-hint`} className="chat-hint">
          {CHAT_EXTRA_TEXT.keyHint}
        </p>
        <p id={`${id}-counter`} className={`chat-counter${error ? ' chat-counter-over' : ''}`}>
          {CHAT_EXTRA_TEXT.counter(length, MAX_MESSAGE_LENGTH)}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} className="chat-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
