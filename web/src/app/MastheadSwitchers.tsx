import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Dropdown,
  DropdownItem,
  DropdownList,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
} from '@patternfly/react-core';
import CubesIcon from '@patternfly/react-icons/dist/esm/icons/cubes-icon';
import GlobeIcon from '@patternfly/react-icons/dist/esm/icons/globe-icon';
import UserIcon from '@patternfly/react-icons/dist/esm/icons/user-icon';
import { shellQueries } from '../api/shellQueries';
import { logout, switchProject, switchRegion } from './authActions';

/** The user's projects; the current one is the selected option (spec: switcher, current marked). */
export function ProjectSwitcher(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onDetails = useMatch('/ngdetails/*');
  const [open, setOpen] = useState(false);
  const session = useQuery(shellQueries.session());
  const projects = useQuery(shellQueries.userProjects());
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
    <Select
      isOpen={open}
      onOpenChange={setOpen}
      selected={current.project_id}
      onSelect={(_event, value) => {
        setOpen(false);
        if (typeof value === 'string' && value !== current.project_id) change.mutate(value);
      }}
      isScrollable
      maxMenuHeight="60vh"
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plainText"
          isExpanded={open}
          isDisabled={change.isPending}
          onClick={() => setOpen((o) => !o)}
          icon={<CubesIcon />}
          aria-label={t('Project: {{name}}', { name: current.project_name })}
        >
          {current.project_name}
        </MenuToggle>
      )}
    >
      <SelectList aria-label={t('Projects')}>
        {items.length === 0 && (
          <SelectOption value={current.project_id}>{current.project_name}</SelectOption>
        )}
        {items.map((project) => (
          <SelectOption key={project.id} value={project.id}>
            {project.name}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}

/** Shown only when the catalog offers more than one region. */
export function RegionSwitcher(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const session = useQuery(shellQueries.session());
  const change = useMutation({
    mutationFn: (region: string) => switchRegion(queryClient, region),
  });
  const current = session.data;
  if (!current || current.available_services_regions.length < 2) return null;
  return (
    <Select
      isOpen={open}
      onOpenChange={setOpen}
      selected={current.services_region}
      onSelect={(_event, value) => {
        setOpen(false);
        if (typeof value === 'string' && value !== current.services_region) change.mutate(value);
      }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plainText"
          isExpanded={open}
          isDisabled={change.isPending}
          onClick={() => setOpen((o) => !o)}
          icon={<GlobeIcon />}
          aria-label={t('Region: {{name}}', { name: current.services_region })}
        >
          {current.services_region}
        </MenuToggle>
      )}
    >
      <SelectList aria-label={t('Regions')}>
        {current.available_services_regions.map((region) => (
          <SelectOption key={region} value={region}>
            {region}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}

export function UserMenu(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const session = useQuery(shellQueries.session());
  const username = session.data?.username ?? '';
  return (
    <Dropdown
      isOpen={open}
      onOpenChange={setOpen}
      onSelect={() => setOpen(false)}
      popperProps={{ position: 'right' }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plainText"
          isExpanded={open}
          onClick={() => setOpen((o) => !o)}
          icon={<UserIcon />}
          aria-label={t('User menu: {{name}}', { name: username })}
        >
          {username}
        </MenuToggle>
      )}
    >
      <DropdownList>
        <DropdownItem
          onClick={() => {
            void logout(queryClient).then(() => navigate('/login', { replace: true }));
          }}
        >
          {t('Sign out')}
        </DropdownItem>
      </DropdownList>
    </Dropdown>
  );
}
