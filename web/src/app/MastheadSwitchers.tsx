import { Suspense, lazy, useState, useSyncExternalStore, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useMatch, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Dropdown,
  DropdownItem,
  DropdownList,
  Label,
  MenuToggle,
  type MenuToggleElement,
  Select,
  SelectList,
  SelectOption,
  ToolbarItem,
} from '@patternfly/react-core';
import CubesIcon from '@patternfly/react-icons/dist/esm/icons/cubes-icon';
import GlobeIcon from '@patternfly/react-icons/dist/esm/icons/globe-icon';
import UserIcon from '@patternfly/react-icons/dist/esm/icons/user-icon';
import { shellQueries } from '../data/shell';
import { domainContextMutations } from '../data/keystone/domainContext';
import { logout, switchProject, switchRegion } from './authActions';
import { projectQueries } from '../data/keystone/projects';
import { cloudsYamlHref, openrcHref } from '../data/keystone/applicationCredentials';

// The form loads when the user opens it: the masthead is on every page.
const ChangeOwnPasswordModal = lazy(() =>
  import('../settings/ChangeOwnPasswordModal').then((m) => ({ default: m.ChangeOwnPasswordModal })),
);

/** Below this width (a phone) the toggles show their icons only; their names stay. */
const PHONE_QUERY = '(max-width: 575px)';

function subscribePhone(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/**
 * The masthead's menu toggle: plain text beside an icon, named for screen readers. On a phone
 * the three toggles' texts do not fit beside the logo, so only the icons show (the text is the
 * tooltip), and the masthead never overflows.
 */
export function MastheadToggle({
  ref,
  icon,
  label,
  text,
  isExpanded,
  isDisabled,
  onClick,
}: {
  ref: Ref<MenuToggleElement>;
  icon: ReactNode;
  label: string;
  text: string;
  isExpanded: boolean;
  isDisabled?: boolean;
  onClick: () => void;
}): ReactNode {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return (
    <MenuToggle
      ref={ref}
      variant="plainText"
      isExpanded={isExpanded}
      isDisabled={isDisabled}
      onClick={onClick}
      icon={icon}
      aria-label={label}
      title={phone ? text : undefined}
    >
      {phone ? null : text}
    </MenuToggle>
  );
}

interface SwitcherProps {
  /** The value in use: shown on the toggle as `currentName`, marked in the list. */
  current: string;
  currentName: string;
  icon: ReactNode;
  toggleLabel: string;
  listLabel: string;
  /** Called with another value than `current` only: choosing the one in use changes nothing. */
  onChange: (value: string) => void;
  isDisabled: boolean;
  /** Long lists (projects) scroll inside the menu instead of running off the page. */
  isScrollable?: boolean;
  children: ReactNode;
}

/** A single-choice masthead menu (project, region). */
function Switcher({
  current,
  currentName,
  icon,
  toggleLabel,
  listLabel,
  onChange,
  isDisabled,
  isScrollable = false,
  children,
}: SwitcherProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Select
      isOpen={open}
      onOpenChange={setOpen}
      selected={current}
      onSelect={(_event, value) => {
        setOpen(false);
        if (typeof value === 'string' && value !== current) onChange(value);
      }}
      isScrollable={isScrollable}
      maxMenuHeight={isScrollable ? '60vh' : undefined}
      toggle={(ref) => (
        <MastheadToggle
          ref={ref}
          icon={icon}
          label={toggleLabel}
          text={currentName}
          isExpanded={open}
          isDisabled={isDisabled}
          onClick={() => setOpen((o) => !o)}
        />
      )}
    >
      <SelectList aria-label={listLabel}>{children}</SelectList>
    </Select>
  );
}

/** The user's projects; the current one is the selected option (spec: switcher, current marked). */
export function ProjectSwitcher(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onDetails = useMatch('/ngdetails/*');
  const session = useQuery(shellQueries.session());
  const projects = useQuery(projectQueries.mine());
  const change = useMutation({
    mutationFn: (projectId: string) => switchProject(queryClient, projectId),
    onSuccess: () => {
      // An item of the old project is not in the new one.
      if (onDetails) void navigate('/');
    },
  });
  const current = session.data;
  if (!current) return null;
  const items = [...(projects.data?.items ?? [])]
    .filter((p) => p.enabled)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Switcher
      current={current.project_id}
      currentName={current.project_name}
      icon={<CubesIcon />}
      toggleLabel={t('Project: {{name}}', { name: current.project_name })}
      listLabel={t('Projects')}
      onChange={(projectId) => change.mutate(projectId)}
      isDisabled={change.isPending}
      isScrollable
    >
      {items.length === 0 && (
        <SelectOption value={current.project_id}>{current.project_name}</SelectOption>
      )}
      {items.map((project) => (
        <SelectOption key={project.id} value={project.id}>
          {project.name}
        </SelectOption>
      ))}
    </Switcher>
  );
}

/**
 * The admin's domain context while one is set (issue 12): on every page, which domain the
 * identity panels work in, and its close button clears it (as Clear Domain Context does).
 */
export function DomainContextLabel(): ReactNode {
  const { t } = useTranslation();
  const session = useQuery(shellQueries.session());
  const clear = useMutation(domainContextMutations.clear);
  const context = session.data?.domain_context;
  if (!context) return null;
  return (
    <ToolbarItem alignSelf="center">
      <Label
        color="purple"
        textMaxWidth="16ch"
        onClose={clear.isPending ? undefined : () => clear.mutate(undefined)}
        closeBtnAriaLabel={t('Clear the domain context {{name}}', { name: context.name })}
      >
        {t('Domain: {{name}}', { name: context.name })}
      </Label>
    </ToolbarItem>
  );
}

/** Shown only when the catalog offers more than one region. */
export function RegionSwitcher(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery(shellQueries.session());
  const change = useMutation({
    mutationFn: (region: string) => switchRegion(queryClient, region),
  });
  const current = session.data;
  if (!current || current.available_services_regions.length < 2) return null;
  return (
    <Switcher
      current={current.services_region}
      currentName={current.services_region}
      icon={<GlobeIcon />}
      toggleLabel={t('Region: {{name}}', { name: current.services_region })}
      listLabel={t('Regions')}
      onChange={(region) => change.mutate(region)}
      isDisabled={change.isPending}
    >
      {current.available_services_regions.map((region) => (
        <SelectOption key={region} value={region}>
          {region}
        </SelectOption>
      ))}
    </Switcher>
  );
}

export function UserMenu(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const session = useQuery(shellQueries.session());
  const username = session.data?.username ?? '';
  return (
    <>
      <Dropdown
        isOpen={open}
        onOpenChange={setOpen}
        onSelect={() => setOpen(false)}
        popperProps={{ position: 'right' }}
        toggle={(ref) => (
          <MastheadToggle
            ref={ref}
            icon={<UserIcon />}
            label={t('User menu: {{name}}', { name: username })}
            text={username}
            isExpanded={open}
            onClick={() => setOpen((o) => !o)}
          />
        )}
      >
        <DropdownList>
          <DropdownItem onClick={() => void navigate('/settings')}>{t('Settings')}</DropdownItem>
          <DropdownItem onClick={() => setPasswordOpen(true)}>{t('Change Password')}</DropdownItem>
          {/* Plain links: the server sends each file of the current project as a download. */}
          <DropdownItem component="a" to={openrcHref()} download="">
            {t('Download OpenStack RC File')}
          </DropdownItem>
          <DropdownItem component="a" to={cloudsYamlHref()} download="">
            {t('Download clouds.yaml')}
          </DropdownItem>
          <DropdownItem
            onClick={() => {
              void logout(queryClient).then(() => navigate('/login', { replace: true }));
            }}
          >
            {t('Sign out')}
          </DropdownItem>
        </DropdownList>
      </Dropdown>
      {/* Outside the menu, which unmounts its contents when it closes. */}
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangeOwnPasswordModal onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
