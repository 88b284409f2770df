import { afterEach, describe, expect, it } from 'vitest';
import { onAdminPanel } from './openedFrom';

describe('onAdminPanel', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('tells an admin panel from a project one, under any web root', () => {
    window.history.replaceState(null, '', '/admin/networks');
    expect(onAdminPanel()).toBe(true);
    window.history.replaceState(null, '', '/dashboard/admin/routers?page=2');
    expect(onAdminPanel()).toBe(true);
    window.history.replaceState(null, '', '/project/networks');
    expect(onAdminPanel()).toBe(false);
    // A project panel whose item is named "admin" is not an admin panel.
    window.history.replaceState(null, '', '/project/networks/administrators/detail');
    expect(onAdminPanel()).toBe(false);
  });
});
