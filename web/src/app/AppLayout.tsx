import { Suspense, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Outlet, useLocation } from 'react-router';
import {
  Brand,
  Bullseye,
  Masthead,
  MastheadBrand,
  MastheadContent,
  MastheadLogo,
  MastheadMain,
  MastheadToggle,
  Page,
  PageContext,
  PageToggleButton,
  SkipToContent,
  Spinner,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import type { ManifestEntry } from '../registry/types';
import logo from './assets/skydeck-logo.svg';
import { AppSidebar } from './AppSidebar';
import { ExtensibleHeader } from './ExtensibleHeader';
import { HomeLink } from './HomeLink';
import { DomainContextLabel, ProjectSwitcher, RegionSwitcher, UserMenu } from './MastheadSwitchers';

const MAIN_ID = 'sd-main';

export function PageSpinner(): ReactNode {
  const { t } = useTranslation();
  return (
    <Bullseye>
      <Spinner aria-label={t('Loading')} />
    </Bullseye>
  );
}

function AppMasthead(): ReactNode {
  const { t } = useTranslation();
  return (
    <Masthead>
      <MastheadMain>
        <MastheadToggle>
          <PageToggleButton isHamburgerButton aria-label={t('Global navigation')} />
        </MastheadToggle>
        <MastheadBrand>
          <MastheadLogo component={HomeLink}>
            {/* The logo's own size (150 × 32): a height set here would be a style attribute,
                unapplied on a server-rendered page until the app runs, and the logo would jump. */}
            <Brand src={logo} alt={t('Skydeck')} />
          </MastheadLogo>
        </MastheadBrand>
      </MastheadMain>
      <MastheadContent>
        <Toolbar isFullHeight isStatic>
          <ToolbarContent>
            <ToolbarGroup align={{ default: 'alignEnd' }} gap={{ default: 'gapSm' }}>
              <ExtensibleHeader />
              <DomainContextLabel />
              <ToolbarItem>
                <ProjectSwitcher />
              </ToolbarItem>
              <ToolbarItem>
                <RegionSwitcher />
              </ToolbarItem>
              <ToolbarItem>
                <UserMenu />
              </ToolbarItem>
            </ToolbarGroup>
          </ToolbarContent>
        </Toolbar>
      </MastheadContent>
    </Masthead>
  );
}

/**
 * On a narrow screen the sidebar lies over the content: once the user has chosen a panel it
 * closes, as a phone's menu does. On a wide screen it stays as the user left it.
 */
export function CloseSidebarOnNavigate(): null {
  const { isMobile, isSidebarOpen, onSidebarToggle } = useContext(PageContext);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (isMobile && isSidebarOpen) onSidebarToggle();
  }, [pathname, isMobile, isSidebarOpen, onSidebarToggle]);
  return null;
}

/** The signed-in frame: masthead, sidebar and the routed page. */
export function AppLayout({ manifest }: { manifest: readonly ManifestEntry[] }): ReactNode {
  const { t } = useTranslation();
  return (
    <Page
      isManagedSidebar
      masthead={<AppMasthead />}
      sidebar={<AppSidebar manifest={manifest} />}
      mainContainerId={MAIN_ID}
      skipToContent={
        <SkipToContent
          href={`#${MAIN_ID}`}
          onClick={(event) => {
            // With <base href> a bare "#id" would resolve against the web root and navigate.
            event.preventDefault();
            document.getElementById(MAIN_ID)?.focus();
          }}
        >
          {t('Skip to content')}
        </SkipToContent>
      }
    >
      <CloseSidebarOnNavigate />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Page>
  );
}
