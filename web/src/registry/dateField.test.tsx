import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/msg';
import { dateField } from './fields';
import { formatDateTime } from './formatDate';

describe('dateField', () => {
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
});
