import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../i18n/i18n';
import { toast } from '../ui/Toasts/toast';

// findBy* and waitFor give up after this long. Their 1 s default failed whole app renders
// (lazy routes, several queries) on a loaded 2-core machine, where CI runs beside other work;
// a test that waits for something that never comes still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toast.reset();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
