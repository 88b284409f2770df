/** Spec 3 §2: the object storage routes, built from a base, the container and folder segments. */
export const CONTAINERS_BASE = '/project/containers';
const CONTAINER_ROUTE = `${CONTAINERS_BASE}/container/`;

/** What a path under the panel names: a container and a folder in it (ending with `/`). */
export interface BrowserLocation {
  container?: string;
  /** The folder's path in the container, `''` at the top, else ending with `/`. */
  folder: string;
}

/** `/project/containers/container/a%20b/x/y` → container `a b`, folder `x/y/`. */
export function parseBrowserPath(pathname: string): BrowserLocation {
  const at = pathname.indexOf(CONTAINER_ROUTE);
  if (at < 0) return { folder: '' };
  const rest = pathname.slice(at + CONTAINER_ROUTE.length);
  const [first = '', ...segments] = rest.split('/');
  if (first === '') return { folder: '' };
  const decode = (part: string): string => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const parts = segments.filter((part) => part !== '').map(decode);
  return { container: decode(first), folder: parts.length ? `${parts.join('/')}/` : '' };
}

/** The route of a container, or of a folder in it (each segment URL-encoded, `/` between). */
export function browserPath(container?: string, folder = ''): string {
  if (container === undefined) return `${CONTAINERS_BASE}/`;
  const parts = folder.split('/').filter((part) => part !== '');
  return `${CONTAINER_ROUTE}${[container, ...parts].map(encodeURIComponent).join('/')}`;
}

/** Breadcrumbs of a folder: each ancestor's name and path (`a/`, `a/b/`). */
export function folderCrumbs(folder: string): { name: string; path: string }[] {
  const parts = folder.split('/').filter((part) => part !== '');
  return parts.map((name, index) => ({ name, path: `${parts.slice(0, index + 1).join('/')}/` }));
}
