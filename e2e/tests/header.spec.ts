import { expect, loginAs, test } from '../fixtures';

const SHOTS = '/tmp/e2e-shots';

// The default server reads e2e/fixtures/header.json (SKYDECK_HEADER_FILE, playwright.config.ts).
test.describe('the extensible header', () => {
  test('shows the operator sections as text and links, and remembers the chosen one', async ({
    page,
    context,
  }) => {
    await loginAs(page, 'demo', '/project/key_pairs');
    await page.getByRole('button', { name: 'Information: Cloud status' }).click();
    const status = page.getByRole('dialog', { name: 'Cloud status' });
    const link = status.getByRole('link', { name: 'Status page' });
    await expect(link).toHaveAttribute('href', 'https://status.example.com/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The operator's markup is shown as the characters it is.
    await expect(status.getByText('<b>Maintenance</b> Saturday 02:00 UTC')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/header.png` });

    await status.getByRole('button', { name: 'Support' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Support' }).getByText('Help desk'),
    ).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'skydeck_header_section');
    expect(cookie).toMatchObject({ value: 'support', path: '/', sameSite: 'Lax' });

    await page.reload();
    const toggle = page.getByRole('button', { name: 'Information: Support' });
    await expect(toggle).toBeVisible();
    // By keyboard: Enter opens it, Escape closes it and gives the focus back to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Support' })).toBeVisible();
    // PatternFly's popover is painted one commit before its Escape listener knows it is open;
    // its focus trap takes the focus in that later commit, so wait for that, as a person would.
    await expect
      // Evaluated as text: the e2e workspace compiles without DOM typings.
      .poll(() =>
        page.evaluate<boolean>(`document.activeElement?.closest('[role="dialog"]') != null`),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(toggle).toBeFocused();
  });
});
