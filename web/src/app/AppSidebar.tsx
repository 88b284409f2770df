import { memo, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  Nav,
  NavExpandable,
  NavItem,
  PageSidebar,
  PageSidebarBody,
  Skeleton,
} from '@patternfly/react-core';
import navStyles from '@patternfly/react-styles/css/components/Nav/nav.js';
import { msg } from '../i18n/msg';
import type { ManifestEntry, PanelGroup, PanelSubgroup } from '../registry/types';
import { GROUP_ORDER, type PanelRef, usePanelAccess } from './usePanelAccess';

const GROUP_TITLES: Record<PanelGroup, string> = {
  project: msg('Project'),
  admin: msg('Admin'),
  identity: msg('Identity'),
};

const SUBGROUP_TITLES: Record<PanelSubgroup, string> = {
  compute: msg('Compute'),
  volumes: msg('Volumes'),
  network: msg('Network'),
  object_store: msg('Object Store'),
  orchestration: msg('Orchestration'),
  system: msg('System'),
};

const SUBGROUP_ORDER = Object.keys(SUBGROUP_TITLES) as PanelSubgroup[];

/** One block of a group's list: its loose panels first, then each section, in a fixed order. */
export interface SidebarSection {
  subgroup?: PanelSubgroup;
  items: PanelRef[];
}

export function sidebarSections(items: readonly PanelRef[]): SidebarSection[] {
  const loose = items.filter((ref) => !ref.panel.subgroup);
  const sections: SidebarSection[] = loose.length ? [{ items: loose }] : [];
  for (const subgroup of SUBGROUP_ORDER) {
    const inSection = items.filter((ref) => ref.panel.subgroup === subgroup);
    if (inSection.length) sections.push({ subgroup, items: inSection });
  }
  return sections;
}

function isUnder(pathname: string, panelPath: string): boolean {
  const base = panelPath.replace(/\/$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The panel a page belongs to: the panel path itself, or ?nav= on a details page. */
export function activePanelPath(
  pathname: string,
  nav: string | null,
  panels: readonly PanelRef[],
): string | undefined {
  if (nav) {
    const match = panels.find((ref) => isUnder(nav, ref.panel.path));
    if (match) return match.panel.path;
  }
  const details = /^\/ngdetails\/([^/]+)\//.exec(pathname);
  if (details) {
    const type = decodeURIComponent(details[1] ?? '');
    return panels.find((ref) => ref.entry.kind !== 'page' && ref.entry.type === type)?.panel.path;
  }
  return panels.find((ref) => isUnder(pathname, ref.panel.path))?.panel.path;
}

/** Sidebar navigation: only the panels this user may use, grouped Project / Admin / Identity. */
export function AppSidebar({ manifest }: { manifest: readonly ManifestEntry[] }): ReactNode {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { loading, panels } = usePanelAccess(manifest);
  const active = activePanelPath(pathname, search.get('nav'), panels);
  return <SidebarNav loading={loading} panels={panels} active={active} />;
}

interface SidebarNavProps {
  loading: boolean;
  panels: readonly PanelRef[];
  active: string | undefined;
}

/**
 * PatternFly's NavList without its horizontal-scroll machinery, which a vertical sidebar never
 * uses: NavList measures its items when it mounts and reads the computed text direction on every
 * update, each a forced style and layout pass over the whole page (60 ms of a flavors full load
 * went there, bench:paint --profile). The markup is NavList's own.
 */
function SidebarList({ children }: { children: ReactNode }): ReactNode {
  return (
    <ul className={navStyles.navList} role="list">
      {children}
    </ul>
  );
}

/**
 * The navigation itself, rendered again only when the panels or the active one change: not on
 * a search keystroke, a filter or a page turn (query-string changes).
 */
const SidebarNav = memo(function SidebarNav({ loading, panels, active }: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <PageSidebar>
      <PageSidebarBody>
        <Nav aria-label={t('Global')}>
          {loading ? (
            <SidebarList>
              <li>
                <Skeleton screenreaderText={t('Loading')} />
              </li>
            </SidebarList>
          ) : (
            <SidebarList>
              {GROUP_ORDER.map((group) => {
                const items = panels.filter((ref) => ref.panel.group === group);
                if (items.length === 0) return null;
                return (
                  <NavExpandable
                    key={group}
                    title={t(GROUP_TITLES[group])}
                    groupId={group}
                    isExpanded
                    isActive={items.some((ref) => ref.panel.path === active)}
                  >
                    {sidebarSections(items).map(({ subgroup, items: sectionItems }) => {
                      const links = sectionItems.map((ref) => (
                        <NavItem
                          key={ref.panel.path}
                          groupId={subgroup ? `${group}-${subgroup}` : group}
                          itemId={ref.panel.path}
                          isActive={ref.panel.path === active}
                        >
                          <Link to={ref.panel.path}>{t(ref.panel.title)}</Link>
                        </NavItem>
                      ));
                      if (!subgroup) return links;
                      return (
                        <NavExpandable
                          key={subgroup}
                          title={t(SUBGROUP_TITLES[subgroup])}
                          groupId={`${group}-${subgroup}`}
                          isExpanded
                          isActive={sectionItems.some((ref) => ref.panel.path === active)}
                        >
                          {links}
                        </NavExpandable>
                      );
                    })}
                  </NavExpandable>
                );
              })}
            </SidebarList>
          )}
        </Nav>
      </PageSidebarBody>
    </PageSidebar>
  );
});
