export interface FormMessageValue {
  tone: 'error' | 'success' | 'info';
  text: string;
  detail?: string;
}

/** The one message line of a form: errors are announced at once, the rest politely. */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  if (!message) return null;
  return (
    <p className={`form-message form-message-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
      <span className="form-message-text">{message.text}</span>
      {message.detail ? <span className="form-message-detail">{message.detail}</span> : null}
    </p>
  );
}
