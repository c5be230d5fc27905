import { useState } from 'react';

/** Up to two initials of a name (first and last word), upper-case; '?' when there is no name. */
export function initialsOf(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toLocaleUpperCase('en-US');
}

/**
 * A person's picture, named by `name`; the initials of `initialsFrom` when there is no picture or
 * it fails to load (an expired link). `className` sizes and shapes both; `initialsClassName` is
 * added to the initials.
 */
export function Avatar({
  name,
  initialsFrom,
  url,
  size,
  className,
  initialsClassName,
  lazy = false,
}: {
  name: string;
  initialsFrom: string | null;
  url: string | null;
  size: number;
  className: string;
  initialsClassName: string;
  lazy?: boolean;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && failedUrl !== url) {
    return (
      <img
        {...{ className, src: url, alt: name, width: size, height: size }}
        loading={lazy ? 'lazy' : undefined}
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span className={`${className} ${initialsClassName}`} role="img" aria-label={name}>
      <span aria-hidden="true">{initialsOf(initialsFrom)}</span>
    </span>
  );
}
