import { describe, expect, it } from 'vitest';
import { Settings } from '@skydeck/contract';
import { DEFAULT_SETTINGS } from '../../config/settings';
import { useTestApp } from '../../testing/useTestApp';

// A key that is not a setting (as if the config object grew a secret) must never be served.
const settings = { ...DEFAULT_SETTINGS, TOAST_DELAY: 1234, SECRET_KEY: 'hunter2' };
const { t } = useTestApp([], { config: { settings } });

describe('GET /api/settings/', () => {
  it('answers exactly the allowlisted settings', async () => {
    const session = await t.login('reader');
    const res = await t.as(session, { url: '/api/settings/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(Settings.properties).sort());
    expect(body.TOAST_DELAY).toBe(1234);
    expect(body.AJAX_POLL_INTERVAL).toBe(2500);
    expect(res.body).not.toContain('hunter2');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      url: '/api/settings/',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});
