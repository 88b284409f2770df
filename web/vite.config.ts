import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { patternflyUsageGuard, trimPatternflyCss } from './tools/patternflyCss';
import { precompress } from './tools/precompress';
import { routePaths } from './tools/routePaths';
import { routePreloadsPlugin } from './tools/routePreloads';
import { sourceCatalog } from './tools/sourceCatalog';

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

export default defineConfig({
  // Relative asset URLs: they resolve against the injected <base href>, whatever the web root.
  base: './',
  // The hoisted plugin-react is typed against the root's newer vite (vitest's); same plugin API.
  plugins: [
    react() as unknown as PluginOption,
    devBaseHref(),
    routePaths(),
    sourceCatalog(),
    patternflyUsageGuard(),
    // dist/.vite/preloads.json: the chunks a signed-in page's route loads (the server preloads them).
    routePreloadsPlugin(),
    // dist/**/*.{br,gz}: the server answers with them (Accept-Encoding), never compressing itself.
    precompress(),
  ],
  css: { postcss: { plugins: [trimPatternflyCss] } },
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
