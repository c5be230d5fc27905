import './no-show-badge.css';

/** Patients with at least this many no-shows in 12 months are flagged (view patient_no_show_flags). */
export const NO_SHOW_FLAG_THRESHOLD = 2;

export const noShowBadgeText = (count: number) => `${count} no-shows in 12 months`;

/**
 * The frequent no-show flag: words, not only a colour, so everyone reads it. Renders nothing below
 * the threshold.
 */
export function NoShowBadge({ count }: { count: number | undefined }) {
  if (count === undefined || count < NO_SHOW_FLAG_THRESHOLD) return null;
  return (
    <span className="no-show-badge" data-testid="no-show-badge">
      {noShowBadgeText(count)}
    </span>
  );
}
