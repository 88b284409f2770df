import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestModules, routePreloads, type ViteChunk } from './routePreloads';

const source = readFileSync(join(__dirname, '..', 'src', 'app', 'manifest.ts'), 'utf8');

describe('manifestModules', () => {
  it("pairs every panel path of the app's manifest with the module its entry loads", () => {
    const found = manifestModules(source);
    for (const [path, module, kind] of [
      ['/admin/flavors', 'flavors/flavors.resource', 'resource'],
      ['/project/images', 'images/images.resource', 'resource'],
      ['/admin/images', 'images/images.resource', 'resource'],
      // A page's route loads the page frame, not the table's; its `prefetch` names no panel.
      ['/project/overview', 'overview/ProjectOverviewPage', 'page'],
      ['/project/network_topology', 'network-topology/NetworkTopologyPage', 'page'],
    ]) {
      expect(found).toContainEqual({ path, module: `src/panels/${module}`, kind });
    }
    // Every panel the sidebar offers has its module, and none is paired with another's.
    const paths = [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((m) => m[1]);
    expect(found.map((f) => f.path)).toEqual(paths);
    // A panel's module lives in a folder named after it (volume-snapshots for /project/
    // snapshots); the System pages share one folder.
    const SHARED: Record<string, string> = { '/admin/info': 'system', '/admin/defaults': 'system' };
    for (const { path, module } of found) {
      const dir = module.split('/').slice(-2)[0] ?? '';
      const last = (path.split('/').pop() ?? '').replace(/_/g, '-').replace(/s$/, '');
      if (SHARED[path]) expect(dir, path).toBe(SHARED[path]);
      else expect(dir, path).toContain(last);
    }
  });
});

describe('routePreloads', () => {
  const manifest: Record<string, ViteChunk> = {
    'index.html': {
      file: 'assets/index.js',
      imports: ['_react.js'],
      css: ['assets/index.css'],
      isEntry: true,
    },
    '_react.js': { file: 'assets/react.js' },
    '_table.js': { file: 'assets/table.js', imports: ['_react.js'], css: ['assets/table.css'] },
    'src/app/AppLayout.tsx': { file: 'assets/AppLayout.js', imports: ['_react.js'] },
    'src/app/PanelRoute.tsx': { file: 'assets/PanelRoute.js', imports: ['_react.js'] },
    'src/ui/ResourcePanel/ResourcePanel.tsx': {
      file: 'assets/ResourcePanel.js',
      imports: ['_table.js'],
    },
    'src/ui/PagePanel/PagePanel.tsx': { file: 'assets/PagePanel.js', imports: ['_react.js'] },
    'src/panels/p/PPage.tsx': { file: 'assets/PPage.js', css: ['assets/PPage.css'] },
    'src/app/routePrefetch.ts': { file: 'assets/routePrefetch.js' },
    'src/panels/a/a.resource.ts': { file: 'assets/a.js', imports: ['_table.js', '_a-modal.js'] },
    '_a-modal.js': { file: 'assets/a-modal.js', css: ['assets/a-modal.css'] },
  };
  const src = `[{ panels: [{ path: '/project/a', group: 'project' }, { path: '/admin/a' }], load: () => import('../panels/a/a.resource') },
    { kind: 'page', panels: [{ path: '/project/p' }], load: () => import('../panels/p/PPage'), prefetch: () => import('../data/p') }]`;

  it("names the shell's and each panel's chunks beyond what the page loads already", () => {
    const table = ['assets/ResourcePanel.js', 'assets/table.js', 'assets/table.css'];
    expect(routePreloads(src, manifest)).toEqual({
      shell: ['assets/AppLayout.js', 'assets/PanelRoute.js', 'assets/routePrefetch.js'],
      panels: {
        '/project/a': [...table, 'assets/a.js', 'assets/a-modal.js', 'assets/a-modal.css'],
        '/admin/a': [...table, 'assets/a.js', 'assets/a-modal.js', 'assets/a-modal.css'],
        // A page: its frame and its own code, no table.
        '/project/p': ['assets/PagePanel.js', 'assets/PPage.js', 'assets/PPage.css'],
      },
    });
  });

  it('finds a module that another chunk also imports statically by its chunk name', () => {
    const shared: Record<string, ViteChunk> = {
      ...manifest,
      '_y.resource-H4sh.js': {
        file: 'assets/y.resource.js',
        name: 'y.resource',
        isDynamicEntry: true,
        imports: ['_y-data.js'],
      },
      '_y-data.js': { file: 'assets/y-data.js' },
    };
    expect(
      routePreloads(`[{ path: '/y', load: () => import('../panels/y/y.resource') }]`, shared)
        .panels,
    ).toEqual({
      '/y': [
        'assets/ResourcePanel.js',
        'assets/table.js',
        'assets/table.css',
        'assets/y.resource.js',
        'assets/y-data.js',
      ],
    });
  });

  it("gives a panel whose module has no chunk of its own (merged away) only its frame's", () => {
    expect(
      routePreloads(`[{ path: '/x', load: () => import('../panels/x/x.resource') }]`, manifest)
        .panels,
    ).toEqual({ '/x': ['assets/ResourcePanel.js', 'assets/table.js', 'assets/table.css'] });
  });
});
