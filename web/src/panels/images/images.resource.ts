import { createElement } from 'react';
import type { Image } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import {
  booleanColumn,
  labelColumn,
  nameColumn,
  sizeColumn,
  textColumn,
} from '../../registry/columns';
import { asDetail, asList, asPage, defineResource } from '../../registry/defineResource';
import { YES_NO_OPTIONS, serverFacet } from '../../registry/facets';
import {
  booleanField,
  dateField,
  field,
  keyValueField,
  overviewTab,
  sizeField,
} from '../../registry/fields';
import { policy, service, type Action, type FacetOption } from '../../registry/types';
import { useOwnerCell, useVisibilityCell, VisibilityText } from './imageCells';
import { prefetchProjectNames } from '../../shared/projects/projectNames';
import { ProjectName } from '../../shared/projects/projectNames';
import { imageQueries, removeImage } from '../../data/glance/images';
import { LIST_PROJECTS } from '../../data/keystone/projects';
import { launchFromImageAction } from '../../launch/launchInstanceAction';
import {
  DISK_FORMATS,
  IMAGE_KIND_LABELS,
  VISIBILITY_LABELS,
  imageKind,
  isActive,
  isBootable,
  isTransitional,
} from './imageRules';

// Spec 2 §6.
const CREATE = policy('image', 'add_image');
const DELETE = policy('image', 'delete_image');
const EDIT = policy('image', 'modify_image');
const UPDATE_METADATA = policy('image', 'modify_metadef_object');
const CREATE_VOLUME = [policy('volume', 'volume:create'), service('volume')];
const ownTarget = (image: Image): { project_id: string } => ({ project_id: image.owner ?? '' });
// Zed's identity:get_project holds only for the token's own project (target.project.id), so
// it is asked per image; whoever may list every project (an admin) sees every owner.
const OWNER = {
  requires: [policy('identity', 'identity:get_project')],
  policyTarget: ownTarget,
  orRequires: [LIST_PROJECTS],
};
const upper = (v: string | null): string => (v ?? '').toUpperCase();

export const IMAGE_STATUS_LABELS = {
  active: msg('Active'),
  saving: msg('Saving'),
  queued: msg('Queued'),
  pending_delete: msg('Pending Delete'),
  killed: msg('Killed'),
  deactivated: msg('Deactivated'),
  deleted: msg('Deleted'),
  importing: msg('Importing'),
  uploading: msg('Uploading'),
};

const STATUS_OPTIONS: FacetOption[] = Object.entries(IMAGE_STATUS_LABELS)
  .filter(([key]) => key !== 'importing' && key !== 'uploading')
  .map(([key, label]) => ({ key, label }));

const VISIBILITY_OPTIONS: FacetOption[] = ['public', 'private', 'shared', 'community'].map(
  (key) => ({ key, label: VISIBILITY_LABELS[key] ?? msg('Unknown') }),
);

const remove = {
  requires: [DELETE],
  remove: removeImage,
  invalidates: [imageQueries.all()],
  // Spec 2 §6: a protected or deleted image cannot be deleted.
  allowed: (image: Image) => !image.protected && image.status !== 'deleted',
  policyTarget: ownTarget,
  // Singular and plural through i18next ({{count}}: the catalogue's _one/_other forms).
  body: msg('You have selected "{{names}}". Deleted image is not recoverable.'),
  notAllowed: msg('You are not allowed to delete images: {{names}}'),
};

// Spec 2 §6: launch needs compute:create, an active and bootable image (the wizard, issue 9).
const launch: Action<Image> = launchFromImageAction;

/** Images: the project panel and the admin one (spec 2 §2, §3, §4, §6, §8, §9). */
export const images = defineResource<Image>({
  key: (image) => image.id,
  label: (image) => image.name || image.id,
  list: (_scope, filters) => asList(imageQueries.list(filters)),
  detail: (id) => asDetail(imageQueries.detail(id)),
  transitional: isTransitional,
  // Polling re-reads only the images still changing (one Glance call with id=in:).
  refresh: (ids, filters) => {
    const query = imageQueries.byIds(ids, filters);
    return query && asList(query);
  },
  // Issue 14 §4: the admin panel sees every project's images, a page at a time from Glance;
  // the project panel lists all of its own and pages in the browser.
  paging: {
    when: (scope) => scope.path === '/admin/images',
    page: (_scope, filters, page) => asPage(imageQueries.page(filters, page)),
  },
  filterFirst: (scope, settings) =>
    scope.path === '/admin/images' && settings?.FILTER_DATA_FIRST['admin.images'] === true,
  columns: [
    textColumn('owner', msg('Owner'), (image) => image.owner, {
      priority: 1,
      ...OWNER,
      useCell: useOwnerCell,
      prefetchCells: prefetchProjectNames,
    }),
    nameColumn<Image>({
      priority: 1,
      defaultSort: true,
      serverSort: 'name',
      linkToDetails: true,
      fallback: (image) => image.id,
    }),
    labelColumn('type', msg('Type'), (image) => imageKind(image), {
      priority: 1,
      labels: IMAGE_KIND_LABELS,
    }),
    labelColumn('status', msg('Status'), (image) => image.status, {
      priority: 1,
      serverSort: 'status',
      labels: IMAGE_STATUS_LABELS,
      inProgress: isTransitional,
      color: (status) =>
        status === 'active'
          ? 'green'
          : status === 'killed'
            ? 'red'
            : isTransitional({ status })
              ? 'blue'
              : 'grey',
    }),
    textColumn('visibility', msg('Visibility'), (image) => image.visibility, {
      priority: 1,
      useCell: useVisibilityCell,
    }),
    booleanColumn('protected', msg('Protected'), (image) => image.protected, { priority: 1 }),
    textColumn('disk_format', msg('Disk Format'), (image) => upper(image.disk_format), {
      priority: 2,
      serverSort: 'disk_format',
    }),
    sizeColumn('size', msg('Size'), (image) => image.size, { priority: 2, serverSort: 'size' }),
  ],
  facets: [
    serverFacet('name', msg('Name')),
    serverFacet('status', msg('Status'), STATUS_OPTIONS),
    serverFacet('visibility', msg('Visibility'), VISIBILITY_OPTIONS),
    serverFacet('protected', msg('Protected'), YES_NO_OPTIONS),
    serverFacet(
      'disk_format',
      msg('Format'),
      DISK_FORMATS.map((f) => ({ key: f.value, label: f.label })),
    ),
    serverFacet('size_min', msg('Min. Size (MB)')),
    serverFacet('size_max', msg('Max. Size (MB)')),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Image'), [CREATE], () =>
        import('./CreateImageModal').then((m) => m.CreateImageModal),
      ),
    ],
    row: [
      launch,
      modalAction<Image>(
        'create-volume',
        msg('Create Volume'),
        CREATE_VOLUME,
        () => import('../../shared/volumes/CreateVolumeModal').then((m) => m.CreateVolumeModal),
        { allowed: (image) => isActive(image) && isBootable(image) },
      ),
      modalAction<Image>(
        'edit',
        msg('Edit Image'),
        [EDIT],
        () => import('./EditImageModal').then((m) => m.EditImageModal),
        { allowed: isActive, policyTarget: ownTarget },
      ),
      modalAction<Image>(
        'update-metadata',
        msg('Update Metadata'),
        [UPDATE_METADATA],
        () => import('./ImageMetadataModal').then((m) => m.ImageMetadataModal),
        { allowed: isActive, policyTarget: ownTarget },
      ),
      deleteAction<Image>({ ...remove, label: msg('Delete Image') }),
    ],
    batch: [deleteAction<Image[]>({ ...remove, label: msg('Delete Images') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (image) => image.name || image.id),
      field(msg('ID'), (image) => image.id),
      field(msg('Owner'), (image) => createElement(ProjectName, { id: image.owner }), OWNER),
      field(msg('Type'), (image) => t(IMAGE_KIND_LABELS[imageKind(image)])),
      field(msg('Status'), (image) => {
        const label = (IMAGE_STATUS_LABELS as Record<string, string>)[image.status];
        return label ? t(label) : image.status;
      }),
      field(msg('Visibility'), (image) => createElement(VisibilityText, { image })),
      booleanField(msg('Protected'), (image) => image.protected),
      field(msg('Checksum'), (image) => image.checksum ?? ''),
      field(msg('Description'), (image) => image.properties['description'] ?? ''),
      field(msg('Disk Format'), (image) => upper(image.disk_format)),
      field(msg('Container Format'), (image) => upper(image.container_format)),
      sizeField(msg('Size'), (image) => image.size, 'B'),
      sizeField(msg('Virtual Size'), (image) => image.virtual_size, 'B'),
      sizeField(msg('Min. Disk'), (image) => image.min_disk, 'GB'),
      sizeField(msg('Min. RAM'), (image) => image.min_ram, 'MB'),
      field(msg('Tags'), (image) => image.tags.join(', ')),
      dateField(msg('Created'), (image) => image.created_at),
      dateField(msg('Updated'), (image) => image.updated_at),
      keyValueField(msg('Custom Properties'), (image) =>
        Object.fromEntries(Object.entries(image.properties).map(([k, v]) => [k, v ?? ''])),
      ),
    ]),
  ],
});
