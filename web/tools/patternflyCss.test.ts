import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  needsUnusedTheme,
  trimPatternflyCss,
  unusedStylesheetUsedBy,
  UNUSED_STYLESHEETS,
} from './patternflyCss';

const PF = '/x/node_modules/@patternfly';

async function trim(css: string, file: string): Promise<string> {
  return (await postcss([trimPatternflyCss]).process(css, { from: file })).css;
}

describe('needsUnusedTheme', () => {
  it('is true for selectors that only match under a theme the app never sets', () => {
    expect(needsUnusedTheme(':root:where(.pf-v6-theme-dark)')).toBe(true);
    expect(needsUnusedTheme(':root:where(.pf-v6-theme-dark.pf-v6-theme-high-contrast)')).toBe(true);
    expect(needsUnusedTheme(':where(.pf-v6-theme-glass) .pf-v6-c-toolbar')).toBe(true);
    expect(needsUnusedTheme(':root:where(.pf-v6-theme-felt)')).toBe(true);
  });

  it('is false for the default theme, negated themes and unrelated classes', () => {
    expect(needsUnusedTheme(':root')).toBe(false);
    expect(
      needsUnusedTheme(':where(:root:not(.pf-v6-theme-glass)) .pf-v6-c-table.pf-m-plain'),
    ).toBe(false);
    expect(needsUnusedTheme('.pf-v6-theme-darkish')).toBe(false);
  });
});

describe('trimPatternflyCss', () => {
  it('drops unused themes and icon fonts from the base stylesheet, keeping the default tokens', async () => {
    const out = await trim(
      [
        ':root { --pf-t--color: #fff; }',
        ':root:where(.pf-v6-theme-dark) { --pf-t--color: #000; }',
        '@font-face { font-family: "Font Awesome 5 Free"; src: url(x.woff2); }',
        '@font-face { font-family: "RedHatText"; src: url(y.woff2); }',
        '.fa, .fas { font-family: "Font Awesome"; }',
        '.pf-v6-screen-reader { position: absolute; }',
      ].join('\n'),
      `${PF}/patternfly/patternfly-base.css`,
    );
    expect(out).toContain('--pf-t--color: #fff');
    expect(out).not.toContain('#000');
    expect(out).not.toContain('Font Awesome');
    expect(out).toContain('RedHatText');
    expect(out).toContain('.pf-v6-screen-reader');
  });

  it('keeps the default-theme half of a mixed selector list in component styles', async () => {
    const out = await trim(
      ':where(:root:not(.pf-v6-theme-glass)) .a.pf-m-plain, :where(:root.pf-v6-theme-glass) .a { b: c }',
      `${PF}/react-styles/css/components/Table/table.css`,
    );
    expect(out).toContain(':where(:root:not(.pf-v6-theme-glass)) .a.pf-m-plain');
    expect(out).not.toContain(':where(:root.pf-v6-theme-glass) .a');
    expect(out).toContain('b: c');
  });

  it('empties the stylesheets of features the app does not use, and only PatternFly CSS is touched', async () => {
    const [first] = UNUSED_STYLESHEETS;
    expect(await trim('.tree { a: b }', `${PF}/react-styles${first.file}`)).toBe('');
    const own = ':root:where(.pf-v6-theme-dark) .mine { a: b }';
    expect(await trim(own, '/x/web/src/app/own.css')).toContain('.mine');
  });
});

describe('unusedStylesheetUsedBy', () => {
  it('finds a use of a feature whose stylesheet is dropped', () => {
    expect(unusedStylesheetUsedBy('<Page notificationDrawer={d} />')?.feature).toBe('drawers');
    expect(
      unusedStylesheetUsedBy("import { Drawer } from '@patternfly/react-core';")?.feature,
    ).toBe('drawers');
    expect(unusedStylesheetUsedBy('<Table isTreeTable />')?.feature).toBe('tree tables');
    expect(unusedStylesheetUsedBy('<Table aria-label="x" />')).toBeUndefined();
  });
});
