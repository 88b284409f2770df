import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

const SERVER = process.env.SKYDECK_DEV_SERVER ?? 'http://127.0.0.1:9000';

/**
 * In production the server injects <base href="{webroot}"> into index.html and the app reads
 * the web root from it; the dev server has nobody doing that, so it adds the root itself.
 */
function devBaseHref(): Plugin {
  return {
    name: 'skydeck-dev-base-href',
    apply: 'serve',
    transformIndexHtml: () => [{ tag: 'base', attrs: { href: '/' }, injectTo: 'head-prepend' }],
  };
}

// The few PostCSS node methods used below; postcss itself comes with Vite.
interface CssNode {
  remove(): void;
  toString(): string;
}
interface CssRule extends CssNode {
  selectors: string[];
}
interface CssRoot {
  source?: { input: { file?: string } };
  walkAtRules(name: string, cb: (node: CssNode) => void): void;
  walkRules(cb: (node: CssRule) => void): void;
}

const ICON_FONT_SELECTOR =
  /^\.(fa[a-z0-9-]*|sr-only(-focusable)?|pf-v6-pficon[a-z0-9-]*)(?=$|[:.\s,])/;

/**
 * PatternFly's base stylesheet also carries the Font Awesome and pficon icon fonts (~14 KB gzip
 * of rules). The app draws icons as SVG (react-icons), so those rules are dropped from the base.
 */
const stripIconFonts = {
  postcssPlugin: 'skydeck-strip-icon-fonts',
  Once(root: CssRoot): void {
    if (!root.source?.input.file?.endsWith('patternfly-base.css')) return;
    root.walkAtRules('font-face', (node) => {
      if (/Font Awesome|pficon/.test(node.toString())) node.remove();
    });
    root.walkRules((rule) => {
      if (rule.selectors.every((sel) => ICON_FONT_SELECTOR.test(sel.trim()))) rule.remove();
    });
  },
};

export default defineConfig({
  // Relative asset URLs: they resolve against the injected <base href>, whatever the web root.
  base: './',
  // The hoisted plugin-react is typed against the root's newer vite (vitest's); same plugin API.
  plugins: [react() as unknown as PluginOption, devBaseHref()],
  css: { postcss: { plugins: [stripIconFonts] } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Fonts must stay files: an inlined data: URL would need a looser CSP (font-src data:).
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: what tools/bundleSize.ts reads to weigh the login page.
    manifest: true,
    rollupOptions: {
      output: {
        // Libraries every page needs change rarely; a separate chunk stays cached across deploys.
        manualChunks: (id) => {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(@tanstack|i18next|react-i18next)\//.test(id)) return 'data';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': SERVER,
      '/auth': SERVER,
    },
  },
});
