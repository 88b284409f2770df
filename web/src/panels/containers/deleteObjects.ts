import type { SwiftObject } from '@skydeck/contract';

/** What discovery found: every file, and every folder (deepest first once sorted). */
export interface Discovery {
  files: string[];
  folders: string[];
}

export interface DeleteCounts {
  deleted: number;
  failed: number;
}

/** A page of a folder's whole tree (the server's recursive listing). */
export type ListPage = (
  folder: string,
  marker: string | undefined,
  signal: AbortSignal,
) => Promise<{ items: SwiftObject[]; has_more_data?: boolean; next_marker?: string }>;

/**
 * Spec 3 §4, discovery: counts the files and folders the selection stands for, a selected
 * folder counting itself, every folder under it (marker objects, or only implied by deeper
 * names) and every file. Cancelled by `signal`; `onCount` reports as it goes.
 */
export async function discover(
  selection: readonly SwiftObject[],
  list: ListPage,
  signal: AbortSignal,
  onCount: (found: Discovery) => void,
): Promise<Discovery> {
  const files = new Set<string>();
  const folders = new Set<string>();
  const addFoldersOf = (path: string, root: string): void => {
    // Every folder between the selected one and this name exists as far as the user sees.
    let end = path.indexOf('/', root.length);
    while (end >= 0 && end < path.length - 1) {
      folders.add(path.slice(0, end + 1));
      end = path.indexOf('/', end + 1);
    }
  };
  for (const row of selection) {
    if (row.is_object) {
      files.add(row.path);
      continue;
    }
    folders.add(row.path);
    let marker: string | undefined;
    do {
      signal.throwIfAborted();
      const page = await list(row.path, marker, signal);
      for (const item of page.items) {
        if (item.is_subdir) folders.add(item.path);
        else files.add(item.path);
        addFoldersOf(item.path, row.path);
      }
      marker = page.has_more_data ? page.next_marker : undefined;
      onCount({ files: [...files], folders: [...folders] });
    } while (marker !== undefined);
  }
  const found = { files: [...files], folders: [...folders] };
  onCount(found);
  return found;
}

/** Folders deepest first, so a folder goes after everything in it. */
export function bottomUp(folders: readonly string[]): string[] {
  const depth = (path: string): number => path.split('/').length;
  return [...folders].sort((a, b) => depth(b) - depth(a) || b.localeCompare(a));
}

/**
 * Spec 3 §4, deletion: files first, then folders bottom-up. A folder's 404 counts as deleted (a
 * folder only implied by names has no marker to delete); any other failure is counted.
 */
export async function deleteAll(
  found: Discovery,
  remove: (path: string) => Promise<void>,
  isNotFound: (error: unknown) => boolean,
  onProgress: (counts: DeleteCounts) => void,
): Promise<DeleteCounts> {
  const counts: DeleteCounts = { deleted: 0, failed: 0 };
  const run = async (path: string, folder: boolean): Promise<void> => {
    try {
      await remove(path);
      counts.deleted++;
    } catch (error) {
      if (folder && isNotFound(error)) counts.deleted++;
      else counts.failed++;
    }
    onProgress({ ...counts });
  };
  // A few at a time: one folder of thousands must not take one round trip after another.
  const pool = async (paths: readonly string[], folder: boolean, width: number): Promise<void> => {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < paths.length) {
        const path = paths[next++] as string;
        await run(path, folder);
      }
    };
    await Promise.all(Array.from({ length: Math.min(width, paths.length) }, worker));
  };
  await pool(found.files, false, 8);
  // Folders one at a time, deepest first: a parent only after its children.
  await pool(bottomUp(found.folders), true, 1);
  return counts;
}
