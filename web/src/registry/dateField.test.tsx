import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { msg } from '../i18n/msg';
import { dateField } from './fields';
import { formatDateTime } from './formatDate';
import { resetTimeZone, setTimeZone } from '../settings/timeZone';
import { TIMEZONE_COOKIE } from '../settings/preferences';

describe('dateField', () => {
  afterEach(() => {
    document.cookie = `${TIMEZONE_COOKIE}=; path=/; max-age=0`;
    resetTimeZone();
  });

  it("shows a timestamp in the user's locale and zone, the API value machine-readable", () => {
    const created = dateField<{ at: string }>(msg('Created'), (x) => x.at);
    render(created.value({ at: '2026-11-26T17:20:05Z' }) as ReactElement);
    const time = screen.getByText(formatDateTime('2026-11-26T17:20:05Z'));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-26T17:20:05Z');
    expect(time).toHaveAttribute('title', '2026-11-26T17:20:05Z');
    expect(screen.queryByText('2026-11-26T17:20:05Z')).not.toBeInTheDocument();
  });
  it('shows nothing when there is no date', () => {
    const created = dateField<{ at?: string }>(msg('Created'), (x) => x.at);
    expect(created.value({})).toBe('');
  });
  it('renders in the time zone chosen in Settings', () => {
    const created = dateField<{ at: string }>(msg('Created'), (x) => x.at);
    const row = { at: '2026-11-26T17:20:05Z' };
    setTimeZone('UTC');
    const { rerender } = render(created.value(row) as ReactElement);
    const inUtc = screen.getByRole('time').textContent;
    expect(inUtc).toMatch(/17:20:05|5:20:05/);
    setTimeZone('Asia/Tokyo');
    rerender(created.value(row) as ReactElement);
    const inTokyo = screen.getByRole('time').textContent;
    expect(inTokyo).toMatch(/02:20:05|2:20:05/);
    expect(inTokyo).not.toBe(inUtc);
  });
});
