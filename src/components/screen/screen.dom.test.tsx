// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Panel, Screen } from './screen';

afterEach(cleanup);

describe('a screen', () => {
  it('is a region named by its h1, with the tools and message in its header', () => {
    render(
      <Screen
        className="dentists-screen"
        titleId="dentists-title"
        title="Dentists"
        message={<span>Saved</span>}
        tools={<button type="button">Add Dentist</button>}
        data-live="connected"
      >
        <p>The table</p>
      </Screen>,
    );
    const region = screen.getByRole('region', { name: 'Dentists' });
    expect(region.className).toBe('screen dentists-screen');
    expect(region.dataset.live).toBe('connected');
    expect(screen.getByRole('heading', { level: 1, name: 'Dentists' }).id).toBe('dentists-title');
    const header = region.querySelector('header')!;
    expect(within(header).getByRole('button', { name: 'Add Dentist' })).toBeTruthy();
    expect(header.querySelector('.screen-header-message')?.textContent).toBe('Saved');
    expect(within(region).getByText('The table').parentElement).toBe(region);
  });

  it('keeps its header in view when sticky, and puts the intro under the title', () => {
    render(
      <Screen title="Users & Roles" headerClassName="users-header" intro={<p>Signed in as Ana</p>} sticky>
        {null}
      </Screen>,
    );
    const region = screen.getByRole('region', { name: 'Users & Roles' });
    expect(region.classList.contains('screen-sticky')).toBe(true);
    const header = region.querySelector('header')!;
    expect(header.className).toBe('screen-header users-header');
    expect(screen.getByText('Signed in as Ana').previousElementSibling?.tagName).toBe('H1');
    expect(header.querySelector('.screen-header-message')).toBeNull();
  });
});

describe('a panel', () => {
  it('is a region named by its h2, with its count beside the title once known', () => {
    const { rerender } = render(
      <Panel title="Invoices" count={null} countTestId="invoices-count">
        <p>Rows</p>
      </Panel>,
    );
    expect(screen.getByRole('region', { name: 'Invoices' }).className).toBe('panel');
    expect(screen.queryByTestId('invoices-count')).toBeNull();

    rerender(
      <Panel title="Invoices" count="3 invoices" countTestId="invoices-count">
        <p>Rows</p>
      </Panel>,
    );
    expect(screen.getByTestId('invoices-count').textContent).toBe('3 invoices');
    expect(screen.getByRole('heading', { level: 2, name: 'Invoices' })).toBeTruthy();
  });

  it('counts zero rows, and can be an h3 card', () => {
    render(
      <Panel title="Audit Trail" level={3} card count={0} intro={<p>Every change</p>}>
        {null}
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Audit Trail' });
    expect(region.className).toBe('panel panel-card');
    expect(screen.getByRole('heading', { level: 3, name: 'Audit Trail' })).toBeTruthy();
    expect(region.querySelector('.panel-count')?.textContent).toBe('0');
    expect(region.querySelector('.panel-head')?.classList.contains('panel-head-with-intro')).toBe(true);
  });
});
