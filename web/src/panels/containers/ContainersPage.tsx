import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  CardBody,
  CardTitle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
  Grid,
  GridItem,
  Menu,
  MenuContent,
  MenuItem,
  MenuList,
  SearchInput,
  Switch,
  Title,
} from '@patternfly/react-core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { useLocation, useNavigate } from 'react-router';
import { swiftMutations, swiftQueries } from '../../data/swift/objects';
import type { PageProps } from '../../registry/types';
import { formatDateTime } from '../../registry/formatDate';
import { PrevNextPager } from '../../ui/PrevNextPager/PrevNextPager';
import { formatSize } from '../../registry/formatSize';
import { confirm } from '../../ui/ConfirmDialog/confirm';
import { CreateContainerModal } from './CreateContainerModal';
import { ObjectBrowser } from './ObjectBrowser';
import { browserPath, parseBrowserPath } from './paths';
import { u } from '../../ui/utilities/utilities';

/** The selected container's details (spec 3 §3): counts, date, access and its public URL. */
function ContainerDetails({ name }: { name: string }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const details = useQuery(swiftQueries.container(name));
  const access = useMutation(swiftMutations.setAccess);
  const remove = useMutation(swiftMutations.deleteContainer);
  // The switch shows the wish at once and falls back to the stored state when the call fails.
  const [wanted, setWanted] = useState<boolean>();
  const container = details.data;
  if (!container) return null;
  const isPublic = wanted ?? container.is_public;
  return (
    <DescriptionList isCompact className={u.pSm}>
      <DescriptionListGroup>
        <DescriptionListTerm>{t('Object Count')}</DescriptionListTerm>
        <DescriptionListDescription>{container.count}</DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>{t('Size')}</DescriptionListTerm>
        <DescriptionListDescription>{formatSize(container.bytes)}</DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>{t('Date Created')}</DescriptionListTerm>
        <DescriptionListDescription>
          {formatDateTime(container.timestamp) || '-'}
        </DescriptionListDescription>
      </DescriptionListGroup>
      <DescriptionListGroup>
        <DescriptionListTerm>{t('Public Access')}</DescriptionListTerm>
        <DescriptionListDescription>
          <Switch
            id={`public-${name}`}
            label={t('Public')}
            aria-label={t('Public Access')}
            isChecked={isPublic}
            isDisabled={access.isPending}
            onChange={(_event, checked) => {
              setWanted(checked);
              access.mutate(
                { name, isPublic: checked },
                // Spec 3 §4: on failure the toggle reverts to its previous state.
                { onSettled: () => setWanted(undefined) },
              );
            }}
          />
        </DescriptionListDescription>
      </DescriptionListGroup>
      {container.is_public && container.public_url && (
        <DescriptionListGroup>
          <DescriptionListTerm>{t('Public URL')}</DescriptionListTerm>
          <DescriptionListDescription>
            <a href={container.public_url} target="_blank" rel="noreferrer noopener">
              {container.public_url}
            </a>
          </DescriptionListDescription>
        </DescriptionListGroup>
      )}
      <Button
        variant="danger"
        size="sm"
        isDisabled={remove.isPending}
        onClick={() => {
          void confirm({
            action: t('Delete Container'),
            title: t('Delete Container'),
            body: t('Are you sure you want to delete container {{name}}?', { name }),
            confirmLabel: t('Delete'),
            danger: true,
          }).then((yes) => {
            if (yes) remove.mutate(name, { onSuccess: () => void navigate(browserPath()) });
          });
        }}
      >
        {t('Delete Container')}
      </Button>
    </DescriptionList>
  );
}

/**
 * Project › Object Store › Containers (spec 3 §2): the container selector with its prefix
 * facet and paging on the left, the selected container's details under its name, and the
 * object browser of the container or folder the route names on the right.
 */
export function ContainersPage(_props: PageProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { container, folder } = parseBrowserPath(pathname);
  const [prefix, setPrefix] = useState('');
  const [markers, setMarkers] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const marker = markers.at(-1);
  const list = useQuery(swiftQueries.containers(prefix, marker));
  const page = list.data;
  return (
    <Grid hasGutter>
      <GridItem md={4} lg={3}>
        <Card isCompact>
          <CardTitle>
            <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
              <FlexItem>
                <Title headingLevel="h2" size="lg">
                  {t('Containers')}
                </Title>
              </FlexItem>
              <FlexItem>
                <Button size="sm" onClick={() => setCreating(true)}>
                  {t('Create Container')}
                </Button>
              </FlexItem>
            </Flex>
          </CardTitle>
          <CardBody>
            <SearchInput
              aria-label={t('Container name prefix')}
              placeholder={t('Prefix')}
              value={prefix}
              onChange={(_event, value) => {
                setPrefix(value);
                setMarkers([]);
              }}
              onClear={() => {
                setPrefix('');
                setMarkers([]);
              }}
            />
            {/* The name goes on the list: on PatternFly's outer div (no role) axe refuses it. */}
            <Menu isPlain>
              <MenuContent>
                <MenuList aria-label={t('Containers')}>
                  {(page?.items ?? []).map((row) => (
                    <MenuItem
                      key={row.name}
                      itemId={row.name}
                      isSelected={row.name === container}
                      onClick={() => void navigate(browserPath(row.name))}
                      description={t('{{count}} objects, {{size}}', {
                        count: row.count,
                        size: formatSize(row.bytes),
                      })}
                    >
                      {row.name}
                    </MenuItem>
                  ))}
                </MenuList>
              </MenuContent>
            </Menu>
            {page && page.items.length === 0 && <p>{t('No containers.')}</p>}
            <PrevNextPager
              markers={markers}
              onChange={setMarkers}
              hasMore={page?.has_more_data}
              nextMarker={page?.next_marker}
            />
            {container !== undefined && <ContainerDetails key={container} name={container} />}
          </CardBody>
        </Card>
      </GridItem>
      <GridItem md={8} lg={9}>
        {container === undefined ? (
          <p>{t('Select a container to browse.')}</p>
        ) : (
          <ObjectBrowser key={`${container}/${folder}`} container={container} folder={folder} />
        )}
      </GridItem>
      {creating && (
        <CreateContainerModal
          onClose={(name) => {
            setCreating(false);
            if (name) void navigate(browserPath(name));
          }}
        />
      )}
    </Grid>
  );
}
