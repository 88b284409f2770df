import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { projects, users } from '../keystone/model';
import { flavors, keypairKey, keypairs, serverGroups } from './model';
import type { FlavorDoc } from './model';
import { generateRsaKeypairSync } from './sshKeys';

const SEEDED_KEY = 'nova:seeded';

interface FlavorSeed {
  readonly id?: string;
  readonly name: string;
  readonly vcpus: number;
  readonly ram: number;
  readonly disk: number;
  readonly extra_specs?: Record<string, string>;
  readonly privateTo?: string;
  readonly description?: string;
}

/** Devstack's m1.* flavors (with devstack's ids), plus a private one only the admin project may use. */
export const SEED_FLAVORS: readonly FlavorSeed[] = [
  { id: '1', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
  { id: '2', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 },
  {
    id: '3',
    name: 'm1.medium',
    vcpus: 2,
    ram: 4096,
    disk: 40,
    extra_specs: { 'hw:cpu_policy': 'shared' },
  },
  {
    id: '4',
    name: 'm1.large',
    vcpus: 4,
    ram: 8192,
    disk: 80,
    extra_specs: { 'hw:cpu_policy': 'dedicated', 'hw:mem_page_size': 'large' },
  },
  {
    id: '5',
    name: 'm1.xlarge',
    vcpus: 8,
    ram: 16384,
    disk: 160,
    extra_specs: { 'hw:cpu_policy': 'dedicated', 'hw:numa_nodes': '2' },
  },
  {
    name: 'p1.secret',
    vcpus: 2,
    ram: 4096,
    disk: 40,
    extra_specs: { 'hw:cpu_policy': 'dedicated', 'trait:CUSTOM_SECRET_HW': 'required' },
    privateTo: 'admin',
    description: 'Private flavor for the admin project',
  },
];

export const seedNova = (ctx: CloudContext): void => {
  const { store } = ctx;
  if (store.getMeta(SEEDED_KEY)) return;
  const projectId = (name: string): string =>
    store.collection(projects).findOne('name', name)?.id ?? '';
  const now = ctx.now().toISOString();

  for (const spec of SEED_FLAVORS) {
    const flavor: FlavorDoc = {
      id: spec.id ?? uuid(),
      name: spec.name,
      vcpus: spec.vcpus,
      ram: spec.ram,
      disk: spec.disk,
      ephemeral: 0,
      swap: 0,
      rxtx_factor: 1.0,
      is_public: spec.privateTo === undefined,
      disabled: false,
      description: spec.description ?? null,
      extra_specs: spec.extra_specs ?? {},
      projects: spec.privateTo === undefined ? [] : [projectId(spec.privateTo)],
      created_at: now,
    };
    store.collection(flavors).insert(flavor);
  }

  const demoUser = store.collection(users).findOne('name', 'demo');
  const demoProject = projectId('demo');
  if (demoUser) {
    // Only the public half is kept: nobody holds the private key of the seeded pair.
    const generated = generateRsaKeypairSync();
    store.collection(keypairs).insert({
      id: keypairKey(demoUser.id, 'demo-key'),
      name: 'demo-key',
      user_id: demoUser.id,
      type: 'ssh',
      public_key: generated.publicKey,
      fingerprint: generated.fingerprint,
      keypair_id: store.nextSequence('nova_keypairs'),
      created_at: now,
    });
    for (const [name, policy] of [
      ['web-ha', 'affinity'],
      ['db-spread', 'anti-affinity'],
    ] as const) {
      store.collection(serverGroups).insert({
        id: uuid(),
        name,
        policy,
        rules: {},
        members: [],
        project_id: demoProject,
        user_id: demoUser.id,
        created_at: now,
      });
    }
  }
  store.setMeta(SEEDED_KEY, now);
};
