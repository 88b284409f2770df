import { randomBytes } from 'node:crypto';
import type { CloudContext } from '../../core/service';
import { projects } from '../keystone/model';
import { POLICY_STATS_SYSMETA, PROJECT_DOMAIN_SYSMETA } from './accounts';
import { createSwift } from './context';
import type { Swift } from './context';
import { guessContentType } from './mime';
import { accountOf } from './model';
import type { ObjectRow, StoredHeaders } from './model';
import { md5Hex, syntheticContent } from './storage';

const SEEDED_KEY = 'swift:seeded';

const SITE_CSS = `:root {
  --brand: #0066cc;
}

body {
  margin: 0;
  font-family: 'Red Hat Text', sans-serif;
  color: #151515;
}

header {
  background: var(--brand);
  color: #fff;
  padding: 1rem 2rem;
}
`;

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32">
  <rect width="32" height="32" rx="6" fill="#0066cc"/>
  <path d="M8 22 L16 8 L24 22 Z" fill="#fff"/>
  <text x="40" y="22" font-family="sans-serif" font-size="16" fill="#151515">Skydeck</text>
</svg>
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Skydeck demo site</title>
    <link rel="stylesheet" href="css/site.css" />
  </head>
  <body>
    <header><img src="img/logo.svg" alt="Skydeck" /></header>
    <p>Served straight from a public Swift container.</p>
  </body>
</html>
`;

const GETTING_STARTED = `# Getting started

1. Create a container.
2. Upload objects, or create folders to group them.
3. Make the container public to share its objects by URL.
`;

const FAQ = `Q: Why are folders not real?
A: Object storage is flat; a folder is a name prefix ending in "/".
`;

const DUMP = `-- nightly dump of the demo database
CREATE TABLE customers (id integer primary key, name text not null);
INSERT INTO customers VALUES (1, 'Ada'), (2, 'Grace'), (3, 'Linus');
`;

interface SeedObject {
  readonly name: string;
  readonly content: Buffer | string;
  readonly contentType?: string;
  readonly meta?: StoredHeaders;
}

interface SeedContainer {
  readonly name: string;
  readonly readAcl?: string;
  readonly meta?: StoredHeaders;
  readonly objects: readonly SeedObject[];
}

/** The demo project's containers: a public site, private backups, and an empty one. */
const demoContainers = (): SeedContainer[] => [
  {
    name: 'public-assets',
    readAcl: '.r:*,.rlistings',
    meta: { 'X-Container-Meta-Purpose': 'static site' },
    objects: [
      { name: 'index.html', content: INDEX_HTML },
      { name: 'css/site.css', content: SITE_CSS },
      { name: 'img/logo.svg', content: LOGO_SVG },
      { name: 'docs/', content: '', contentType: 'application/directory' },
      { name: 'docs/getting-started.md', content: GETTING_STARTED },
      { name: 'docs/faq.txt', content: FAQ },
    ],
  },
  {
    name: 'backups',
    objects: [
      {
        name: 'db/nightly-dump.sql',
        content: DUMP,
        meta: { 'X-Object-Meta-Database': 'customers' },
      },
      {
        name: 'images/disk-1mb.img',
        content: randomBytes(1024 * 1024),
        meta: { 'X-Object-Meta-Source': 'generated' },
      },
      {
        name: 'README.txt',
        content: 'Backups of the demo project. Private: only project members can read them.\n',
        meta: { 'Content-Disposition': 'attachment; filename="README.txt"' },
      },
    ],
  },
  { name: 'empty-container', objects: [] },
];

const adminContainers = (): SeedContainer[] => [
  {
    name: 'admin-files',
    objects: [{ name: 'notes.txt', content: 'Operator notes for the demo cloud.\n' }],
  },
];

const writeContainer = (swift: Swift, account: string, spec: SeedContainer): void => {
  const now = swift.now();
  if (!swift.db.getAccount(account)) {
    // Written by its project's own users: keystoneauth recorded the project's domain.
    const meta = { [PROJECT_DOMAIN_SYSMETA]: 'default', [POLICY_STATS_SYSMETA]: '1' };
    swift.db.putAccount({ account, created_at: now, put_timestamp: now, meta });
  }
  swift.db.putContainer({
    account,
    name: spec.name,
    created_at: now,
    put_timestamp: now,
    read_acl: spec.readAcl ?? null,
    write_acl: null,
    meta: spec.meta ?? {},
  });
  for (const object of spec.objects) {
    const content = Buffer.isBuffer(object.content)
      ? object.content
      : Buffer.from(object.content, 'utf8');
    const row: ObjectRow = {
      account,
      container: spec.name,
      name: object.name,
      created_at: swift.now(),
      size: content.length,
      etag: md5Hex(content),
      content_type: object.contentType ?? guessContentType(object.name),
      file: content.length > 0 ? swift.files.writeSync(content) : null,
      synthetic: false,
      delete_at: null,
      meta: object.meta ?? {},
    };
    swift.db.putObject(row);
  }
};

const projectId = (ctx: CloudContext, name: string): string | undefined =>
  ctx.store.collection(projects).findOne('name', name)?.id;

export const seedSwift = (ctx: CloudContext): void => {
  const swift = createSwift(ctx);
  swift.files.clearTemporary();
  if (ctx.store.getMeta(SEEDED_KEY)) return;
  // A fresh store (first start or reset): files of an earlier store belong to nobody.
  swift.files.wipe();
  const demo = projectId(ctx, 'demo');
  const admin = projectId(ctx, 'admin');
  if (demo) for (const spec of demoContainers()) writeContainer(swift, accountOf(demo), spec);
  if (admin) for (const spec of adminContainers()) writeContainer(swift, accountOf(admin), spec);
  ctx.store.setMeta(SEEDED_KEY, ctx.now().toISOString());
};

// ---- scale seed ----------------------------------------------------------------------------

export const SCALE_CONTAINER = 'scale-objects';
const SCALE_OBJECTS_KEY = 'swift:scale-objects';
const OBJECTS_PER_FOLDER = 1000;

const demoAccount = (ctx: CloudContext): string => {
  const id = projectId(ctx, 'demo');
  if (!id) throw new Error('the scale seed needs the seeded demo project');
  return accountOf(id);
};

/**
 * `objects=N`: N more objects in the demo project's `scale-objects` container, in folders of a
 * thousand (`folder-0001/object-0000001.txt`). Their content is generated from the name on read,
 * so nothing is written to disk; rows go in with one prepared statement inside the caller's
 * transaction.
 */
export const scaleObjects = (ctx: CloudContext, count: number): void => {
  const swift = createSwift(ctx);
  const account = demoAccount(ctx);
  if (!swift.db.getContainer(account, SCALE_CONTAINER)) {
    writeContainer(swift, account, { name: SCALE_CONTAINER, objects: [] });
  }
  // Numbering continues after earlier runs, whatever was deleted since.
  const start = Number(ctx.store.getMeta(SCALE_OBJECTS_KEY) ?? '0');
  ctx.store.setMeta(SCALE_OBJECTS_KEY, String(start + count));
  const now = swift.now();
  const rows = function* (): Generator<ObjectRow> {
    for (let i = start; i < start + count; i++) {
      const folder = String(Math.floor(i / OBJECTS_PER_FOLDER) + 1).padStart(4, '0');
      const name = `folder-${folder}/object-${String(i + 1).padStart(7, '0')}.txt`;
      const size = 64 + (i % 960);
      yield {
        account,
        container: SCALE_CONTAINER,
        name,
        created_at: now,
        size,
        etag: md5Hex(syntheticContent(name, size)),
        content_type: 'text/plain',
        file: null,
        synthetic: true,
        delete_at: null,
        meta: {},
      };
    }
  };
  swift.db.insertObjects(rows());
  swift.db.recountContainer(account, SCALE_CONTAINER);
};

/** `containers=N`: N more empty containers in the demo project (`scale-container-00001`). */
export const scaleContainers = (ctx: CloudContext, count: number): void => {
  const swift = createSwift(ctx);
  const account = demoAccount(ctx);
  let created = 0;
  for (let i = 1; created < count; i++) {
    const name = `scale-container-${String(i).padStart(5, '0')}`;
    if (swift.db.getContainer(account, name)) continue;
    writeContainer(swift, account, { name, objects: [] });
    created++;
  }
};
