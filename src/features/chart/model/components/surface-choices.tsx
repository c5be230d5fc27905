import type { UseFormRegisterReturn } from 'react-hook-form';
import { SURFACES } from '../chart-summary';
import { CHART_TEXT } from '../messages';
import { surfaceName } from '../surface-names';

/** The surfaces of one tooth as checkboxes (none for the whole tooth), for the chart's forms. */
export function SurfaceChoices({ tooth, register }: { tooth: number; register: UseFormRegisterReturn }) {
  return (
    <fieldset className="chart-surfaces">
      <legend>{CHART_TEXT.surfaces}</legend>
      <p className="chart-surfaces-hint">{CHART_TEXT.surfacesHint}</p>
      {SURFACES.map((surface) => (
        <label key={surface} className="chart-surface-choice">
          <input type="checkbox" value={surface} {...register} />
          {surfaceName(surface, tooth)}
        </label>
      ))}
    </fieldset>
  );
}
