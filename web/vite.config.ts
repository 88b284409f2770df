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

/**
 * `vite build --ssr src/entry-server.tsx`: the server's first render of a page (foundation issue
 * §5), written into the web build's .ssr/ (a dot directory: never served as a file). One
 * self-contained module tree for Node: every dependency bundled (PatternFly's styles import CSS
 * files Node cannot load), React's production build, no CSS or compressed copies.
 */
const ssrBuild = defineConfig({
  plugins: [react() as unknown as PluginOption, routePaths(), sourceCatalog()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: 'node20',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rollupOptions: {
      output: {
        format: 'es',
        entryFileNames: 'entry-server.mjs',
        // .mjs, not .js: Node takes a .js file for CommonJS unless a package.json above it says
        // otherwise, and a build placed outside web/ (SKYDECK_WEB_DIST=/tmp/…) has none. Under a
        // TypeScript loader (tsx) the chunks then became a second copy of the entry's modules,
        // whose environment the server never installs: no page was rendered on the server.
        chunkFileNames: 'assets/[name]-[hash].mjs',
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));

const browserBuild = defineConfig({
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
