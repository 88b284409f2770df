import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { periodOf } from './period';
import { usePeriodChoice } from './UsagePeriodForm';

describe('usePeriodChoice', () => {
  it('starts at this month (spec 1 §3)', () => {
    const { result } = renderHook(() => usePeriodChoice());
    expect(result.current.kind).toBe('month');
    expect(result.current.period).toEqual(periodOf('month', new Date()));
  });

  it('takes a new choice and tells the page after it', () => {
    const chosen = vi.fn();
    const { result } = renderHook(() => usePeriodChoice(chosen));
    act(() => result.current.onChange('other', { start: '2026-01-01', end: '2026-01-31' }));
    expect(result.current.kind).toBe('other');
    expect(result.current.period).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(chosen).toHaveBeenCalledTimes(1);
  });
});
