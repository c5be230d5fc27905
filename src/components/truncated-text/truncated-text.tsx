import { useState } from 'react';
import './truncated-text.css';

/**
 * Text that keeps to one line with an ellipsis (a clinic or dentist name of 100–200 characters)
 * and shows all of it on keyboard focus or a tap, not only on hover: a tap or click toggles it
 * open, Tab onto it opens it while it has focus. The hover title stays for mouse users.
 */
export function TruncatedText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <button
      type="button"
      className={className ? `truncated-text ${className}` : 'truncated-text'}
      title={text}
      aria-expanded={expanded}
      data-testid={testId}
      onClick={() => setExpanded((open) => !open)}
      onBlur={() => setExpanded(false)}
    >
      {text}
    </button>
  );
}
