/// <reference types="node" />
import type { Plugin as PostcssPlugin } from 'postcss';
import type { Plugin } from 'vite';

/**
 * PatternFly themes the app never switches on (index.html says `color-scheme: light` and nothing
 * sets a `pf-v6-theme-*` class on <html>). Their token blocks are over half of
 * patternfly-base.css, which every page loads. Offering one of them means deleting it here.
 */
export const THEMES_NOT_OFFERED = ['dark', 'high-contrast', 'glass', 'felt'] as const;

/**
 * PatternFly stylesheets that components the app uses import for features it never uses:
 * react-table's Table always pulls in the tree-table styles, and Page the drawer's (for a
 * notification drawer). `uses` finds the feature in app source; {@link patternflyUsageGuard}
 * fails the build when it appears, so a panel that starts using it gets its styles back.
 */
export const UNUSED_STYLESHEETS = [
  {
    file: '/css/components/Table/table-tree-view.css',
    feature: 'tree tables',
    uses: /\bisTreeTable\b|\btreeRow\b/,
  },
  {
    file: '/css/components/Drawer/drawer.css',
    feature: 'drawers',
    uses: /\b(Drawer\w*|NotificationDrawer\w*|notificationDrawer)\b/,
  },
] as const;

const ICON_FONT_SELECTOR =
  /^\.(fa[a-z0-9-]*|sr-only(-focusable)?|pf-v6-pficon[a-z0-9-]*)(?=$|[:.\s,])/;
const THEME_CLASS = new RegExp(`\\.pf-v6-theme-(${THEMES_NOT_OFFERED.join('|')})(?![\\w-])`);
const NEGATED_THEME = /:not\([^)]*\.pf-v6-theme-/;

/** True when a selector only matches with one of the unused theme classes on the page. */
export function needsUnusedTheme(selector: string): boolean {
  // `:root:not(.pf-v6-theme-glass) …` applies in the default theme: keep it.
  return THEME_CLASS.test(selector) && !NEGATED_THEME.test(selector);
}

/**
 * PostCSS plugin over PatternFly's CSS:
 * - patternfly-base.css also carries the Font Awesome and pficon icon fonts (~14 KB gzip of
 *   rules); the app draws icons as SVG (react-icons), so those rules go;
 * - rules for {@link THEMES_NOT_OFFERED} go (about 12 KB gzip on every page);
 * - {@link UNUSED_STYLESHEETS} are emptied.
 */
export const trimPatternflyCss: PostcssPlugin = {
  postcssPlugin: 'skydeck-trim-patternfly-css',
  Once(root) {
    const file = root.source?.input.file?.replaceAll('\\', '/') ?? '';
    if (!file.includes('/@patternfly/')) return;
    if (UNUSED_STYLESHEETS.some((s) => file.endsWith(s.file))) {
      root.removeAll();
      return;
    }
    const base = file.endsWith('patternfly-base.css');
    if (base) {
      root.walkAtRules('font-face', (node) => {
        if (/Font Awesome|pficon/.test(node.toString())) node.remove();
      });
    }
    root.walkRules((rule) => {
      if (base && rule.selectors.every((sel) => ICON_FONT_SELECTOR.test(sel.trim()))) {
        rule.remove();
        return;
      }
      const kept = rule.selectors.filter((sel) => !needsUnusedTheme(sel));
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    });
  },
};

/** The first of {@link UNUSED_STYLESHEETS} whose feature `code` uses, if any. */
export function unusedStylesheetUsedBy(
  code: string,
): (typeof UNUSED_STYLESHEETS)[number] | undefined {
  return UNUSED_STYLESHEETS.find((s) => s.uses.test(code));
}

/** Fails the build when app source uses a feature whose stylesheet {@link trimPatternflyCss} drops. */
export function patternflyUsageGuard(): Plugin {
  return {
    name: 'skydeck-patternfly-usage-guard',
    transform(code, id) {
      if (!/\/web\/src\/.*\.tsx?$/.test(id.replaceAll('\\', '/'))) return null;
      const hit = unusedStylesheetUsedBy(code);
      if (hit) {
        this.error(
          `${id} uses PatternFly ${hit.feature}, whose stylesheet (${hit.file}) the build drops: ` +
            'remove it from UNUSED_STYLESHEETS in web/tools/patternflyCss.ts.',
        );
      }
      return null;
    },
  };
}
