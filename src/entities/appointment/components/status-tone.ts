import { statusColour } from '../status';
import './status-tone.css';

/** The class that paints a status in its colour (status-tone.css): the badge's and the list select's. */
export function statusToneClass(status: string | null | undefined): string {
  return `status-tone-${statusColour(status)}`;
}
