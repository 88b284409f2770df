import { describe, expect, it } from 'vitest';
import { pieState, slicePath } from './pieChart';

describe('pie chart (spec 1 §9)', () => {
  it('is nearly full at 80 % or more and full at 100 %', () => {
    expect(pieState(79, 100)).toBe('normal');
    expect(pieState(80, 100)).toBe('nearly-full');
    expect(pieState(100, 100)).toBe('full');
    expect(pieState(5, -1)).toBe('normal');
  });
  it('draws a large arc past half', () => {
    expect(slicePath(0.25, 10)).toContain(' 0 0 1 ');
    expect(slicePath(0.75, 10)).toContain(' 0 1 1 ');
  });
});
