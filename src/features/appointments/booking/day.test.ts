import { describe, expect, it } from 'vitest';
import { clinicDayRange } from './day';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '../model/testing/clock';

fixSystemClock();

describe('a clinic date as instants', () => {
  it.each(BROWSER_TIME_ZONES)('runs from the clinic’s midnight to the next (browser in %s)', (zone) => {
    inBrowserTimeZone(zone, () => {
      expect(clinicDayRange('2030-01-10', 'Asia/Manila')).toEqual({
        start: '2030-01-09T16:00:00.000Z',
        end: '2030-01-10T16:00:00.000Z',
      });
    });
  });

  it('follows a daylight-saving change in zones that have one (23 hours)', () => {
    expect(clinicDayRange('2030-03-10', 'America/New_York')).toEqual({
      start: '2030-03-10T05:00:00.000Z',
      end: '2030-03-11T04:00:00.000Z',
    });
  });
});
