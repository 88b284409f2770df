import type { ComponentType, ReactNode } from 'react';
import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { List, PolicyTarget, Settings } from '@skydeck/contract';
import type { Msg } from '../i18n/msg';

/**
 * The contract every panel fills in (STYLE §2). Panels are data: the machinery in registry/ and
 * ui/ renders tables, facets, actions, confirmations and details from these declarations.
 */

/** A permission check, evaluated by the machinery (spec 2 §6); all must pass. */
export type Requirement =
  | { kind: 'policy'; service: string; rule: string }
  | { kind: 'service'; type: string }
  | { kind: 'setting'; name: string }
  | { kind: 'extension'; service: 'compute' | 'volume' | 'network'; alias: string }
  | { kind: 'feature'; service: 'compute'; feature: string };

export const policy = (service: string, rule: string): Requirement => ({
  kind: 'policy',
  service,
  rule,
});
export const service = (type: string): Requirement => ({ kind: 'service', type });
export const setting = (name: string): Requirement => ({ kind: 'setting', name });
/** A compute API feature the cloud's microversion range supports (GET /api/nova/features/{f}). */
export const feature = (name: string): Requirement => ({
  kind: 'feature',
  service: 'compute',
  feature: name,
});

export type PanelGroup = 'project' | 'admin' | 'identity';

/**
 * A section inside a sidebar group (Project → Compute, Admin → Network…): thirty-odd panels
 * read as a list of services, the way operators know them, rather than one long column.
 */
export type PanelSubgroup =
  'compute' | 'volumes' | 'network' | 'object_store' | 'orchestration' | 'system';

/** Which panel a list is shown on: the same type can have a project and an admin variant. */
export interface PanelScope {
  path: string;
  group: PanelGroup;
  /** The type code, from the manifest: the /ngdetails/{type}/… segment of details links. */
  type: string;
  /** The type's display names (the table's accessible name, delete confirmations). */
  names: TypeNames;
  /** The type's first panel: details links from another panel say where they came from. */
  home?: string;
}

/** A resource type's display names, singular and plural. */
export interface TypeNames {
  one: Msg;
  many: Msg;
}

export type ListQueryOptions<T> = UseQueryOptions<T[], Error, T[], QueryKey>;
export type DetailQueryOptions<T> = UseQueryOptions<T, Error, T, QueryKey>;

/** One page of a server-paged list: the items and the markers of its neighbours (spec 2 §7). */
export type ListPage<T> = List<T>;
export type PageQueryOptions<T> = UseQueryOptions<ListPage<T>, Error, ListPage<T>, QueryKey>;

/** Which page to ask for: the first, the one after `marker`, or the one before `prev_marker`. */
export interface PageRequest {
  limit: number;
  marker?: string;
  prev_marker?: string;
  /** The order the pages follow: a column's serverSort key, and its direction. */
  sort_key?: string;
  sort_dir?: 'asc' | 'desc';
}

/** Server-side marker paging (issue 14 §4): the panels it applies to and their page query. */
export interface ServerPaging<T> {
  /** Panels not named here list everything and page in the browser. */
  when: (scope: PanelScope) => boolean;
  page: (
    scope: PanelScope,
    filters: Record<string, string>,
    page: PageRequest,
  ) => PageQueryOptions<T>;
}

export interface Column<T> {
  id: string;
  title: Msg;
  /** 1 always shows; >1 hides as the window narrows (spec 2 §2). */
  priority: 1 | 2 | 3;
  /** The raw value, used for sorting and (unless `text` is given) free-text search. */
  value: (item: T) => string | number | boolean | null | undefined;
  /** The displayed text when it differs from `value` (sizes, Yes/No), for free-text search. */
  text?: (item: T) => string;
  /** Rendering; text only unless the cell needs a link, label or progress bar. */
  cell?: (item: T, ctx: CellContext) => ReactNode;
  /**
   * Instead of `cell`, for a cell that reads shared data (project names, the session): a hook
   * the table calls once per render that returns every row's renderer. One set of query
   * observers per table, not one per row (a row's hooks were most of a search keystroke's
   * cost). It must return the same function while its data is unchanged (useCallback).
   */
  useCell?: () => (item: T, ctx: CellContext) => ReactNode;
  /**
   * What `useCell` reads, asked by the panel's route loader with the list (a lookup such as
   * every project's name), so the rows first paint with the text they keep: no ids turning into
   * names, in the browser or in a page rendered on the server. Never rejects.
   */
  prefetchCells?: (queryClient: QueryClient) => Promise<void>;
  sortable?: boolean;
  defaultSort?: boolean | 'asc' | 'desc';
  /**
   * The list API's sort key for this column. A server-paged table sorts on the server, so there
   * only columns with one can be sorted (sorting one page in the browser would mislead).
   */
  serverSort?: string;
  /** Show the column only if these pass (e.g. images' owner needs identity:get_project). */
  requires?: Requirement[];
  /**
   * Checks `requires` per row against this target (e.g. { project_id: image.owner }), like
   * Action.policyTarget: a row that fails shows "-" in this cell.
   */
  policyTarget?: (item: T) => PolicyTarget;
  /** Passing these instead of `requires` allows every row (e.g. may list every project). */
  orRequires?: Requirement[];
  /** Only on these panels (paths), e.g. the admin variant's project and host columns. */
  panels?: readonly string[];
  /**
   * How the cell's text fits (PatternFly's cell modifiers): `truncate` keeps one line with an
   * ellipsis and the whole text as the cell's tooltip; unset, text wraps at spaces and long
   * values anywhere. Titles always wrap.
   */
  modifier?: CellModifier;
}

export type CellModifier = 'truncate' | 'nowrap' | 'breakWord' | 'fitContent';

export interface CellContext {
  /** Link to the item's details page under /ngdetails. */
  detailsHref: string;
}

export interface FacetOption {
  key: string;
  label: Msg;
}

export interface Facet<T> {
  id: string;
  label: Msg;
  /** Fixed choices; absent means the user types a value. */
  options?: FacetOption[];
  /** Client-side match; absent for server-side facets. */
  match?: (item: T, value: string) => boolean;
  /** Server-side facets are passed to list(scope, filters) (spec 2 §9, images). */
  server?: boolean;
  singleton?: boolean;
  /** Only on these panels (paths), as Column.panels. */
  panels?: readonly string[];
}

/** What a finished action did (spec 2 §4 "After an action"). */
export interface ActionResult {
  created?: string[];
  updated?: string[];
  deleted?: string[];
  failed?: string[];
}

/** Lazily loaded modal or wizard: receives the target and reports how it ended. */
export interface ModalProps<Target> {
  target: Target;
  onClose: (result?: ActionResult) => void;
}

export type ActionRun<Target> =
  | {
      kind: 'modal';
      load: () => Promise<{ default: (props: ModalProps<Target>) => ReactNode }>;
    }
  | {
      kind: 'delete';
      /** Delete one item; the machinery confirms, runs all in parallel and summarises. */
      remove: (item: Target extends (infer U)[] ? U : Target) => Promise<unknown>;
      /**
       * Singular/plural display name used in "Confirm Delete {x}" and the summaries; the type's
       * own names when absent.
       */
      names?: TypeNames;
      /** Query keys to invalidate afterwards. */
      invalidates: QueryKey[];
      /** Optional extra text after the not-recoverable sentence. */
      notRecoverable?: Msg;
      /**
       * Replaces the default confirmation body; interpolated with {{names}} (quoted, joined),
       * {{thing}} and {{count}} (flavors and images have their own sentence, spec 2 §8).
       */
      body?: Msg;
      /** Per-item rule the batch run filters by (row runs are filtered by Action.allowed). */
      itemAllowed?: (item: Target extends (infer U)[] ? U : Target) => boolean;
      /** Per-item policy target, checked before confirming. */
      itemPolicyTarget?: (item: Target extends (infer U)[] ? U : Target) => PolicyTarget;
      /**
       * Warning toast naming the items the user may not delete ({{names}}), e.g. images'
       * "You are not allowed to delete images: {{names}}"; without it they are dropped silently.
       */
      notAllowed?: Msg;
      /**
       * Why the service refused an item with a conflict (409), said in our words and the
       * user's language ({{name}}: the item), e.g. a network that still has ports; without it
       * the failure summary gives the service's own reason.
       */
      inUse?: Msg;
    }
  | { kind: 'link'; href: (target: Target) => string };

export interface Action<Target> {
  id: string;
  label: Msg;
  danger?: boolean;
  requires?: Requirement[];
  /** Per-item rule (e.g. image active and not protected); per-item policy targets below. */
  allowed?: (target: Target) => boolean;
  /** Target for the policy check of a row (e.g. { project_id: item.owner }). */
  policyTarget?: (target: Target) => PolicyTarget;
  /** Row actions: also shown as a button beside the kebab (the rest live in the kebab). */
  primary?: boolean;
  /** Declared but not usable yet: shown disabled with this text as its tooltip. */
  unavailable?: Msg;
  /**
   * Only on these panels' tables (paths), as Column.panels; a details page offers it whatever
   * panel it was opened from.
   */
  panels?: readonly string[];
  run: ActionRun<Target>;
}

export interface Field<T> {
  label: Msg;
  value: (item: T) => ReactNode;
  /** Show the field only if these pass (server groups' project and user ids need a feature). */
  requires?: Requirement[];
  /** Checks `requires` against this target built from the item, as Column.policyTarget. */
  policyTarget?: (item: T) => PolicyTarget;
  /** Passing these instead of `requires` shows the field too, as Column.orRequires. */
  orRequires?: Requirement[];
}

export interface Tab<T> {
  id: string;
  title: Msg;
  fields?: Field<T>[];
  render?: (item: T) => ReactNode;
}

/**
 * A resource type's lazy declaration. What the shell knows before it loads (type code, names,
 * panels) is the manifest entry's and reaches the machinery through the PanelScope.
 */
export interface ResourceType<T> {
  /** Row key and the /ngdetails/{type}/{path} segment. */
  key: (item: T) => string;
  /** Used in confirmations and toasts; always rendered as text. */
  label: (item: T) => string;
  list: (scope: PanelScope, filters: Record<string, string>) => ListQueryOptions<T>;
  detail?: (key: string) => DetailQueryOptions<T>;
  columns: Column<T>[];
  facets?: Facet<T>[];
  actions?: {
    table?: Action<undefined>[];
    row?: Action<T>[];
    batch?: Action<T[]>[];
  };
  /** Any item transitional → one re-list timer at AJAX_POLL_INTERVAL (spec 2 §4). */
  transitional?: (item: T) => boolean;
  /**
   * Only the named items (with the panel's server filters), so polling re-reads the rows in
   * transition instead of the whole list; undefined when the API cannot take that many keys.
   */
  refresh?: (keys: string[], filters: Record<string, string>) => ListQueryOptions<T> | undefined;
  /** Server-side marker paging on some panels (admin images); the rest use `list`. */
  paging?: ServerPaging<T>;
  /** Expandable row contents; none → no expand column. */
  summary?: Field<T>[];
  details?: Tab<T>[];
  /** Only list after a server-side facet is set (FILTER_DATA_FIRST), per panel path. */
  filterFirst?: (scope: PanelScope, settings: Settings | undefined) => boolean;
  /**
   * Where the details page's delete goes back to (spec 2 §2) when not the panel the user came
   * from (or the type's first panel).
   */
  indexPath?: (scope?: PanelScope) => string;
  /**
   * What the details page does when its item fails to load (not a 404, which goes to
   * not_found): stay with the error toast and the type's title (default), or go back one page
   * (spec 2 §2, trunks), to the list when the page was opened directly.
   */
  detailFailure?: 'stay' | 'back';
  /**
   * `compact`: half the cells' side padding and a closer sort indicator, for a table of many
   * columns (admin volumes: 12) to fit a 1400 px window beside the sidebar without scrolling.
   */
  density?: 'compact';
}

/** Where an entry shows up: a sidebar item and a route. */
export interface PanelDecl {
  path: string;
  group: PanelGroup;
  /** The section of the group it is listed under; none: at the top of the group. */
  subgroup?: PanelSubgroup;
  title: Msg;
  requires?: Requirement[];
}

/**
 * Eager manifest entry of a resource type: what the shell needs before a panel's code loads.
 * Its panels are tables of the type (the lazy declaration says how).
 */
export interface ResourceEntry {
  kind?: 'resource';
  type: string;
  names: TypeNames;
  panels: PanelDecl[];
  requires: Requirement[];
  /** Old-style item routes that redirect to /ngdetails (e.g. /project/key_pairs/{id}). */
  itemRoutes?: string[];
  load: () => Promise<ResourceType<unknown>>;
}

/** What a page panel's component receives. */
export interface PageProps {
  panel: PanelDecl;
}

/**
 * A panel that is a page rather than a table of one type (overview, topology, usage, the
 * object browser, the launch wizard's entry points): the shell gives it a route, a sidebar item
 * and the same permission gate, and renders the lazily loaded component.
 */
export interface PageEntry {
  kind: 'page';
  /** Unique among pages; names the entry in tests and logs. */
  id: string;
  panels: PanelDecl[];
  requires: Requirement[];
  load: () => Promise<ComponentType<PageProps>>;
  /**
   * Starts the page's first read the moment its route is known, in parallel with the session,
   * the policy batch and the page's code (as a resource panel's list is); the page picks the
   * answer up instead of asking again. Nothing waits for it.
   */
  prefetch?: (queryClient: QueryClient) => Promise<unknown>;
}

export type ManifestEntry = ResourceEntry | PageEntry;

/** The resource entries of a manifest (the ones with a type, names and details pages). */
export function resourceEntries(manifest: readonly ManifestEntry[]): ResourceEntry[] {
  return manifest.filter((entry): entry is ResourceEntry => entry.kind !== 'page');
}

/** What a panel of a resource type tells the machinery about the type (declared once, in the manifest). */
export function panelScope(entry: ResourceEntry, panel: PanelDecl): PanelScope {
  return {
    path: panel.path,
    group: panel.group,
    type: entry.type,
    names: entry.names,
    home: entry.panels[0]?.path,
  };
}

/**
 * The scope of a table on a page panel (a tab of System Information, the QoS specs under the
 * volume types): its type is not a manifest entry's, so its details links come back to this page.
 */
export function pageTableScope(panel: PanelDecl, type: string, names: TypeNames): PanelScope {
  return { path: panel.path, group: panel.group, type, names, home: panel.path };
}
