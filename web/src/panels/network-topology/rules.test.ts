import { describe, expect, it } from 'vitest';
import { clampZoom, cutName, defaultFlatMode, isActive, isLoading } from './rules';

describe('cutName', () => {
  it('keeps a name of up to 9 units and cuts a longer one with ..', () => {
    expect(cutName('router-01')).toBe('router-01');
    expect(cutName('router-012')).toBe('router-01..');
    expect(cutName('')).toBe('');
  });

  it('counts a character above code 255 as 2 units', () => {
    expect(cutName('ルーター')).toBe('ルーター'); // 8 units
    expect(cutName('ルーターA')).toBe('ルーターA'); // 9 units
    expect(cutName('ルーターAB')).toBe('ルーターA..');
    expect(cutName('ルーターです')).toBe('ルーター..'); // a wide char never splits the 9th unit
    expect(cutName('é'.repeat(10))).toBe(`${'é'.repeat(9)}..`); // é is 233: 1 unit
  });
});

describe('status rules', () => {
  it('draws BUILD and a deleting task as loading', () => {
    expect(isLoading({ status: 'BUILD', task: null })).toBe(true);
    expect(isLoading({ status: 'ACTIVE', task: 'deleting' })).toBe(true);
    expect(isLoading({ status: 'ACTIVE', task: 'rebooting' })).toBe(false);
  });

  it('draws active only for ACTIVE', () => {
    expect(isActive('ACTIVE')).toBe(true);
    for (const s of ['DOWN', 'ERROR', 'SHUTOFF', 'BUILD', 'active'])
      expect(isActive(s)).toBe(false);
  });
});

it('starts small when the normal columns exceed the canvas, and clamps zoom to 0.1–1.5', () => {
  expect(defaultFlatMode(3, 1000)).toBe('normal');
  expect(defaultFlatMode(4, 1000)).toBe('small');
  expect(clampZoom(0.01)).toBe(0.1);
  expect(clampZoom(3)).toBe(1.5);
  expect(clampZoom(1)).toBe(1);
});
