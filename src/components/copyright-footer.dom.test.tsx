// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyrightFooter } from './copyright-footer';

// 16:30 UTC on New Year's Eve 2030: already 1 January 2031 in Manila (UTC+8), still 2030 in London.
const NOW = new Date('2030-12-31T16:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the copyright footer', () => {
  it("shows the current year in the clinic's zone, Asia/Manila when there is no clinic", () => {
    render(<CopyrightFooter />);
    expect(screen.getByRole('contentinfo').textContent).toBe('© 2031 Ngiti');
  });

  it("follows another clinic's zone", () => {
    render(<CopyrightFooter timeZone="Europe/London" />);
    expect(screen.getByRole('contentinfo').textContent).toBe('© 2030 Ngiti');
  });
});
