import { Suspense, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Breadcrumb,
  BreadcrumbItem,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Flex,
  FlexItem,
  PageSection,
  Tab,
  TabContentBody,
  TabTitleText,
  Tabs,
  Title,
} from '@patternfly/react-core';
import { ApiError } from '../api/http';
import { useItemAccess } from '../api/itemAccess';
import { indexPathOf } from '../registry/defineResource';
import {
  panelScope,
  resourceEntries,
  type ActionResult,
  type Field,
  type ManifestEntry,
  type ResourceEntry,
  type ResourceType,
} from '../registry/types';
import { ActionMenu } from '../ui/ActionMenu/ActionMenu';
import { useActionDecisions } from '../ui/ActionMenu/useActionDecisions';
import { useActionHost } from '../ui/ActionMenu/useActionHost';
import { loadResource } from '../ui/ResourcePanel/ResourcePanel';
import { showWaitSpinner } from '../ui/WaitSpinner/showWaitSpinner';
import { PageSpinner } from './AppLayout';
import { rememberTab, rememberedTab } from './tabsCookie';

const NOT_FOUND = '/not_found';

function isUnder(path: string, panelPath: string): boolean {
  const base = panelPath.replace(/\/$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/**
 * /ngdetails/:type/* (spec 1 §2, spec 2 §2): the generic details page of any registry type.
 * An unknown type, a type without a detail loader, or a 404 goes to /not_found.
 */
export function NgDetailsRoute({ manifest }: { manifest: readonly ManifestEntry[] }): ReactNode {
  const params = useParams();
  const type = params.type ?? '';
  const key = params['*'] ?? '';
  const entry = resourceEntries(manifest).find((e) => e.type === type);
  if (!entry || !key) return <Navigate to={NOT_FOUND} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <DetailsLoader key={`${type}/${key}`} entry={entry} itemKey={key} />
    </Suspense>
  );
}

function DetailsLoader({ entry, itemKey }: { entry: ResourceEntry; itemKey: string }): ReactNode {
  const resource = use(loadResource(entry));
  if (!resource.detail) {
    console.error(`Resource type ${entry.type} has no detail loader`);
    return <Navigate to={NOT_FOUND} replace />;
  }
  return (
    <DetailsPage entry={entry} resource={resource} detail={resource.detail} itemKey={itemKey} />
  );
}

interface DetailsPageProps {
  entry: ResourceEntry;
  resource: ResourceType<unknown>;
  detail: NonNullable<ResourceType<unknown>['detail']>;
  itemKey: string;
}

function DetailsPage({ entry, resource, detail: detailOf, itemKey }: DetailsPageProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const nav = search.get('nav');
  const panel = entry.panels.find((p) => nav && isUnder(nav, p.path)) ?? entry.panels[0];
  const scope = useMemo(() => (panel ? panelScope(entry, panel) : undefined), [entry, panel]);

  const detail = detailOf(itemKey);
  const query = useQuery({
    ...detail,
    // A 404 is answered by going to not_found, not by a toast.
    meta: { ...detail.meta, silentStatuses: [404] },
  });

  // Set once the item is deleted here: the re-fetch the delete set off answers 404, which must
  // not win the race against the way back to the list and send the user to not_found.
  const [deleted, setDeleted] = useState(false);
  const onResult = useCallback(
    (result: ActionResult | undefined) => {
      if (!result) return;
      const deletedOnly =
        !!result.deleted?.length &&
        !result.failed?.length &&
        !result.updated?.length &&
        !result.created?.length;
      if (deletedOnly) {
        setDeleted(true);
        void navigate(indexPathOf(resource, scope) ?? '/', { replace: true });
        return;
      }
      const hide = showWaitSpinner();
      void query.refetch().finally(hide);
    },
    [navigate, resource, scope, query],
  );
  const host = useActionHost<unknown>({
    label: resource.label,
    key: resource.key,
    names: entry.names,
    onResult,
  });
  const items = useMemo<unknown[]>(
    () => (query.data === undefined ? [] : [query.data]),
    [query.data],
  );
  const { decisions } = useActionDecisions(resource.actions?.row, items);

  const tabs = resource.details ?? [];
  const fields = tabs.flatMap((tab) => tab.fields ?? []);
  // Checked against the item itself (Field.policyTarget), in the batch of the actions' checks.
  const fieldAccess = useItemAccess(fields, items);
  const fieldAllowed = new Map<Field<unknown>, boolean>(
    fields.map((f, i) => [f, fieldAccess.allowed(i, 0)]),
  );

  const location = useLocation();
  const goBack =
    resource.detailFailure === 'back' &&
    query.isError &&
    !(query.error instanceof ApiError && query.error.status === 404);
  useEffect(() => {
    if (!goBack) return;
    // The first page of this visit (opened from a link or typed) has no page before it here.
    if (location.key === 'default')
      void navigate(indexPathOf(resource, scope) ?? '/', { replace: true });
    else void navigate(-1);
  }, [goBack, location.key, navigate, resource, scope]);

  if (deleted) return <PageSpinner />;
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <Navigate to={NOT_FOUND} replace />;
  }
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <PageSection>
        <Title headingLevel="h1">{t(entry.names.one)}</Title>
      </PageSection>
    );
  }

  const item = query.data;
  const label = resource.label(item);
  const requested = search.get('tab') ?? rememberedTab(entry.type);
  const activeTab = tabs.find((tab) => tab.id === requested) ?? tabs[0];

  const selectTab = (id: string): void => {
    rememberTab(entry.type, id);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <title>{`${label} - ${t(entry.names.one)}`}</title>
      <PageSection>
        {panel && (
          <Breadcrumb>
            <BreadcrumbItem
              render={({ className }) => (
                <Link to={panel.path} className={className}>
                  {t(panel.title)}
                </Link>
              )}
            />
            <BreadcrumbItem isActive>{label}</BreadcrumbItem>
          </Breadcrumb>
        )}
        <Flex
          justifyContent={{ default: 'justifyContentSpaceBetween' }}
          alignItems={{ default: 'alignItemsCenter' }}
        >
          <FlexItem>
            <Title headingLevel="h1">{label}</Title>
          </FlexItem>
          <FlexItem>
            <ActionMenu
              name={label}
              decisions={decisions[0] ?? []}
              onRun={(action) => host.run(action, item)}
            />
          </FlexItem>
        </Flex>
      </PageSection>
      <PageSection>
        {tabs.length > 0 && activeTab && (
          <Tabs
            activeKey={activeTab.id}
            onSelect={(_event, key) => selectTab(String(key))}
            aria-label={t('{{name}} details', { name: t(entry.names.one) })}
            mountOnEnter
            unmountOnExit
          >
            {tabs.map((tab) => (
              <Tab
                key={tab.id}
                eventKey={tab.id}
                title={<TabTitleText>{t(tab.title)}</TabTitleText>}
              >
                <TabContentBody hasPadding>
                  {tab.fields && (
                    <DescriptionList isHorizontal>
                      {tab.fields
                        .filter((f) => fieldAllowed.get(f))
                        .map((f) => (
                          <DescriptionListGroup key={f.label}>
                            <DescriptionListTerm>{t(f.label)}</DescriptionListTerm>
                            <DescriptionListDescription>{f.value(item)}</DescriptionListDescription>
                          </DescriptionListGroup>
                        ))}
                    </DescriptionList>
                  )}
                  {tab.render?.(item)}
                </TabContentBody>
              </Tab>
            ))}
          </Tabs>
        )}
      </PageSection>
      {host.element}
    </>
  );
}
