import { describe, expect, it } from 'vitest';
import { browserPath, folderCrumbs, parseBrowserPath } from './paths';

describe('object storage routes', () => {
  it('round-trips a container and folder with characters that need encoding', () => {
    const path = browserPath('my box', 'a b/ü%/');
    expect(path).toBe('/project/containers/container/my%20box/a%20b/%C3%BC%25');
    expect(parseBrowserPath(path)).toEqual({ container: 'my box', folder: 'a b/ü%/' });
  });

  it('shows the selector without a container', () => {
    expect(parseBrowserPath('/project/containers/')).toEqual({ folder: '' });
    expect(parseBrowserPath('/project/containers/container/')).toEqual({ folder: '' });
    expect(browserPath()).toBe('/project/containers/');
    expect(parseBrowserPath('/project/containers/container/c')).toEqual({
      container: 'c',
      folder: '',
    });
  });

  it('lists the breadcrumbs of a folder', () => {
    expect(folderCrumbs('a/b/')).toEqual([
      { name: 'a', path: 'a/' },
      { name: 'b', path: 'a/b/' },
    ]);
  });
});
