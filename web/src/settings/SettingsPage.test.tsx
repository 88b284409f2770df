import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { chooseLanguage, i18n } from '../i18n/i18n';
import { formatDateTime } from '../registry/formatDate';
import { PAGE_SIZE_COOKIE, cookiePageSize } from '../ui/ResourceTable/pageParams';
import { toast } from '../ui/Toasts/toast';
import { LANGUAGE_COOKIE, TIMEZONE_COOKIE, browserTimeZone } from './preferences';
import { resetTimeZone } from './timeZone';
import { SettingsPage } from './SettingsPage';

function clearCookies(): void {
  for (const name of [LANGUAGE_COOKIE, TIMEZONE_COOKIE, PAGE_SIZE_COOKIE]) {
    document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(async () => {
  clearCookies();
  resetTimeZone();
  toast.reset();
  await chooseLanguage('en');
  clearCookies();
});

describe('SettingsPage', () => {
  it('shows English, the browser’s time zone and 20 rows when nothing was chosen', () => {
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(screen.getByLabelText(/Language/)).toHaveValue('en');
    expect(screen.getByLabelText(/Timezone/)).toHaveValue(browserTimeZone());
    expect(screen.getByLabelText(/Items Per Page/)).toHaveValue('20');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('shows the stored choices', () => {
    document.cookie = `${TIMEZONE_COOKIE}=Asia%2FTokyo; path=/`;
    document.cookie = `${PAGE_SIZE_COOKIE}=50; path=/`;
    resetTimeZone();
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(screen.getByLabelText(/Timezone/)).toHaveValue('Asia/Tokyo');
    expect(screen.getByLabelText(/Items Per Page/)).toHaveValue('50');
  });

  it.each(['0', '1001', '2.5', 'ten'])('refuses page size %s with a field message', async (bad) => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    const size = screen.getByLabelText(/Items Per Page/);
    await user.clear(size);
    await user.type(size, bad);
    expect(await screen.findByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves: cookies written, dates in the new zone, German at once, toast in German', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    await user.selectOptions(screen.getByLabelText(/Language/), 'de');
    await user.selectOptions(screen.getByLabelText(/Timezone/), 'Asia/Tokyo');
    const size = screen.getByLabelText(/Items Per Page/);
    await user.clear(size);
    await user.type(size, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The toast comes after the German catalogue is imported and the whole form re-rendered in
    // German (hundreds of time zones); in jsdom on a loaded machine that alone can take seconds.
    expect(
      await screen.findByText('Einstellungen gespeichert.', undefined, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('de');
    // The form itself re-renders in German, without a reload.
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    expect(cookiePageSize()).toBe(5);
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
    expect(document.cookie).toContain(`${TIMEZONE_COOKIE}=Asia%2FTokyo`);
    expect(formatDateTime('2026-11-26T17:20:05Z', 'en-GB')).toBe('27 Nov 2026, 02:20:05');
  }, 30_000);
});
