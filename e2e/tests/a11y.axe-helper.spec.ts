import { test, expect } from '@playwright/test';
import { axeFindings } from '../axe';

/**
 * The sweep's gate must be able to fail: a page with known WCAG failures gives findings, the
 * same page fixed gives none, and `include` confines a check to what it names.
 */
test.describe('the axe helper', () => {
  test('reports serious and critical findings, and only inside what it is told to check', async ({
    page,
  }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body>
      <main>
        <h1>Axe helper</h1>
        <div id="bad"><button type="button"></button><img src="data:," /></div>
        <div id="good"><button type="button">Save</button></div>
      </main></body></html>`);
    const whole = await axeFindings(page, 'page with faults');
    expect(whole.map((f) => f.rule).sort()).toEqual(['button-name', 'image-alt']);
    expect(whole.every((f) => f.where === 'page with faults')).toBe(true);
    expect(whole.find((f) => f.rule === 'button-name')?.targets).toEqual(['#bad > button']);

    expect(await axeFindings(page, 'the good part', '#good')).toEqual([]);
    // A second check in the same document reuses the injected axe and still sees the faults.
    expect((await axeFindings(page, 'the bad part', '#bad')).map((f) => f.rule).sort()).toEqual([
      'button-name',
      'image-alt',
    ]);
  });
});
