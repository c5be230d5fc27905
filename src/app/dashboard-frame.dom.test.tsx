// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DashboardFrame, savedTab } from './dashboard-frame';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe("the dashboard's frame", () => {
  it('draws the heading of the tab kept for this browser tab, and nothing of the account', () => {
    render(<DashboardFrame tab="bills" />);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Billing System' })).toBeTruthy();
    expect(within(main).getByRole('status').textContent).toBe('Loading…');
    // No names, no role, no tabs and no Logout: the session is still being checked.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('complementary').textContent).toBe('Ngiti');
  });

  it('draws only a spinner when no tab was kept', () => {
    render(<DashboardFrame tab={undefined} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('reads the kept tab from sessionStorage, ignoring what is not a tab', () => {
    expect(savedTab()).toBeUndefined();
    sessionStorage.setItem('ngiti:tab', 'recalls');
    expect(savedTab()).toBe('recalls');
    sessionStorage.setItem('ngiti:tab', 'settings');
    expect(savedTab()).toBeUndefined();
  });
});
