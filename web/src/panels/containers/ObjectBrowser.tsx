import { useState, type ReactNode } from 'react';
import {
  Breadcrumb,
  BreadcrumbItem,
  Button,
  SearchInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { Table, Tbody, Td, Th, Thead, Tr, type IAction } from '@patternfly/react-table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import type { SwiftObject } from '@skydeck/contract';
import { objectHref, swiftQueries } from '../../data/swift/objects';
import { formatSize } from '../../registry/formatSize';
import { PrevNextPager } from '../../ui/PrevNextPager/PrevNextPager';
import { CopyObjectModal } from './CopyObjectModal';
import { CreateFolderModal } from './CreateFolderModal';
import { DeleteObjectsModal } from './DeleteObjectsModal';
import { ObjectDetailsModal } from './ObjectDetailsModal';
import { UploadObjectModal } from './UploadObjectModal';
import { browserPath, folderCrumbs } from './paths';

type Dialog =
  | { kind: 'upload'; replace?: SwiftObject }
  | { kind: 'folder' }
  | { kind: 'copy'; item: SwiftObject }
  | { kind: 'details'; item: SwiftObject }
  | { kind: 'delete'; items: SwiftObject[] };

/**
 * The objects of a container or folder (spec 3 §2): breadcrumbs, a name filter (Swift's
 * prefix, so a folder of 100,000 objects lists one page as fast as a small one), pages by
 * marker, folders as links, sizes or "Folder", row and batch actions.
 */
export function ObjectBrowser({
  container,
  folder,
}: {
  container: string;
  folder: string;
}): ReactNode {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [markers, setMarkers] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>();
  const list = useQuery(swiftQueries.objects(container, folder, filter, markers.at(-1)));
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((row) => selected.has(row.path));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (path: string, on: boolean): void =>
    setSelected((set) => {
      const next = new Set(set);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  const rowActions = (row: SwiftObject): IAction[] =>
    row.is_object
      ? [
          {
            title: t('Download'),
            onClick: () => window.location.assign(objectHref(container, row.path, true)),
          },
          {
            title: t('View'),
            onClick: () =>
              window.open(objectHref(container, row.path, false), '_blank', 'noopener'),
          },
          { title: t('View Details'), onClick: () => setDialog({ kind: 'details', item: row }) },
          { title: t('Edit'), onClick: () => setDialog({ kind: 'upload', replace: row }) },
          // Spec 3 §5: copy only objects larger than 0 bytes.
          ...(row.bytes > 0
            ? [{ title: t('Copy'), onClick: () => setDialog({ kind: 'copy', item: row }) }]
            : []),
          { title: t('Delete'), onClick: () => setDialog({ kind: 'delete', items: [row] }) },
        ]
      : [{ title: t('Delete'), onClick: () => setDialog({ kind: 'delete', items: [row] }) }];

  return (
    <>
      <Breadcrumb aria-label={t('Folder path')}>
        <BreadcrumbItem>
          {folder === '' ? container : <Link to={browserPath(container)}>{container}</Link>}
        </BreadcrumbItem>
        {folderCrumbs(folder).map((crumb) => (
          <BreadcrumbItem key={crumb.path} isActive={crumb.path === folder}>
            {crumb.path === folder ? (
              crumb.name
            ) : (
              <Link to={browserPath(container, crumb.path)}>{crumb.name}</Link>
            )}
          </BreadcrumbItem>
        ))}
      </Breadcrumb>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <SearchInput
              aria-label={t('Filter objects by name')}
              placeholder={t('Filter by name')}
              value={filter}
              onChange={(_event, value) => {
                setFilter(value);
                setMarkers([]);
                setSelected(new Set());
              }}
              onClear={() => {
                setFilter('');
                setMarkers([]);
              }}
            />
          </ToolbarItem>
          <ToolbarItem>
            <Button onClick={() => setDialog({ kind: 'upload' })}>{t('Upload File')}</Button>
          </ToolbarItem>
          <ToolbarItem>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'folder' })}>
              {t('Create Folder')}
            </Button>
          </ToolbarItem>
          <ToolbarItem>
            <Button
              variant="danger"
              isDisabled={chosen.length === 0}
              onClick={() => setDialog({ kind: 'delete', items: chosen })}
            >
              {t('Delete Selected')}
            </Button>
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <Table aria-label={t('Objects')} variant="compact">
        <Thead>
          <Tr>
            <Th
              select={{
                onSelect: (_event, on) => setSelected(new Set(on ? rows.map((r) => r.path) : [])),
                isSelected: allChosen,
              }}
              aria-label={t('Select all')}
            />
            <Th>{t('Name')}</Th>
            <Th>{t('Size')}</Th>
            <Th screenReaderText={t('Actions')} />
          </Tr>
        </Thead>
        <Tbody>
          {rows.map((row, index) => (
            <Tr key={row.path}>
              <Td
                select={{
                  rowIndex: index,
                  onSelect: (_event, on) => toggle(row.path, on),
                  isSelected: selected.has(row.path),
                }}
              />
              <Td dataLabel={t('Name')}>
                {row.is_subdir ? (
                  <Link to={browserPath(container, row.path)}>{row.name}</Link>
                ) : (
                  row.name
                )}
              </Td>
              <Td dataLabel={t('Size')}>{row.is_subdir ? t('Folder') : formatSize(row.bytes)}</Td>
              <Td isActionCell actions={{ items: rowActions(row) }} />
            </Tr>
          ))}
          {list.isSuccess && rows.length === 0 && (
            <Tr>
              <Td colSpan={4}>{t('No items to display.')}</Td>
            </Tr>
          )}
        </Tbody>
      </Table>
      <PrevNextPager
        markers={markers}
        onChange={setMarkers}
        hasMore={list.data?.has_more_data}
        nextMarker={list.data?.next_marker}
      />
      {dialog?.kind === 'upload' && (
        <UploadObjectModal
          container={container}
          folder={folder}
          replace={dialog.replace}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'folder' && (
        <CreateFolderModal
          container={container}
          folder={folder}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'copy' && (
        <CopyObjectModal
          container={container}
          item={dialog.item}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'details' && (
        <ObjectDetailsModal
          container={container}
          item={dialog.item}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteObjectsModal
          container={container}
          items={dialog.items}
          onClose={() => {
            setDialog(undefined);
            setSelected(new Set());
          }}
        />
      )}
    </>
  );
}
