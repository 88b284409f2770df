import { describe, expect, it } from 'vitest';
import type { ComputeService, Image, Instance } from '@skydeck/contract';
import type { Action } from '../../registry/types';
import {
  OPERATIONS,
  canAssociateFloatingIp,
  canChangeInterfaces,
  canConsole,
  canDisassociateFloatingIp,
  canLiveMigrate,
  canRetrievePassword,
  consoleHref,
  canRebuild,
  canResize,
  canSnapshot,
  editBody,
  hostChoices,
  instanceTarget,
  liveMigrateBody,
  operationBody,
  passwordsMatch,
  rebuildBody,
  rebuildChoices,
  resetStateBody,
  resizeBody,
  resizeChoices,
  snapshotBody,
} from './instanceActionRules';
import { instanceBatchActions, instanceRowActions } from './instances.actions';
import { flavorFixture, instanceFixture } from './instanceFixtures';
import catalogue from '../../locales/en/translation.json';

const instance = (over: Partial<Instance> = {}): Instance =>
  instanceFixture({ description: 'Front', host: 'compute-1', ...over });

const ALL_STATUSES = [
  'ACTIVE',
  'SHUTOFF',
  'PAUSED',
  'SUSPENDED',
  'RESCUE',
  'SHELVED',
  'SHELVED_OFFLOADED',
  'VERIFY_RESIZE',
  'ERROR',
  'BUILD',
  'REBOOT',
  'HARD_REBOOT',
];

/** The statuses (settled, no task) in which the operation is offered. */
const offeredIn = (can: (i: Instance) => boolean): string[] =>
  ALL_STATUSES.filter((status) => can(instance({ status })));

describe('availability by status (Nova refuses the rest with a 409)', () => {
  it.each([
    ['start', ['SHUTOFF']],
    ['stop', ['ACTIVE', 'RESCUE']],
    ['softReboot', ['ACTIVE']],
    ['hardReboot', ['ACTIVE', 'SHUTOFF', 'PAUSED', 'SUSPENDED', 'ERROR', 'REBOOT', 'HARD_REBOOT']],
    ['pause', ['ACTIVE']],
    ['unpause', ['PAUSED']],
    ['suspend', ['ACTIVE']],
    ['resume', ['SUSPENDED']],
    ['shelve', ['ACTIVE', 'SHUTOFF', 'PAUSED', 'SUSPENDED']],
    ['unshelve', ['SHELVED', 'SHELVED_OFFLOADED']],
    ['rescue', ['ACTIVE', 'SHUTOFF', 'ERROR']],
    ['unrescue', ['RESCUE']],
    ['confirmResize', ['VERIFY_RESIZE']],
    ['revertResize', ['VERIFY_RESIZE']],
    ['migrate', ['ACTIVE', 'SHUTOFF']],
  ] as const)('%s is offered in %j', (key, statuses) => {
    expect(offeredIn(OPERATIONS[key].can)).toEqual(statuses);
  });

  it('offers the forms by status too', () => {
    expect(offeredIn(canResize)).toEqual(['ACTIVE', 'SHUTOFF']);
    expect(offeredIn(canRebuild)).toEqual(['ACTIVE', 'SHUTOFF', 'ERROR']);
    expect(offeredIn(canSnapshot)).toEqual(['ACTIVE', 'SHUTOFF', 'PAUSED', 'SUSPENDED']);
    expect(offeredIn(canLiveMigrate)).toEqual(['ACTIVE', 'PAUSED']);
    expect(offeredIn(canConsole)).toEqual(['ACTIVE']);
    expect(offeredIn(canChangeInterfaces)).toEqual(['ACTIVE', 'SHUTOFF', 'PAUSED']);
  });

  it('offers Retrieve Password only for an instance launched with a key pair', () => {
    expect(canRetrievePassword(instance({ key_name: 'mykey' }))).toBe(true);
    expect(canRetrievePassword(instance({ key_name: null }))).toBe(false);
    expect(canRetrievePassword(instance({ key_name: 'mykey', status: 'ERROR' }))).toBe(false);
  });

  it('offers (dis)association of a floating IP by the addresses the instance has', () => {
    const fixed = { addr: '10.0.0.5', version: 4, type: 'fixed' as const, mac: null };
    const floating = { ...fixed, addr: '172.24.4.9', type: 'floating' as const };
    const none = instance({ addresses: [] });
    const onlyFixed = instance({ addresses: [{ network: 'private', ips: [fixed] }] });
    const both = instance({ addresses: [{ network: 'private', ips: [fixed, floating] }] });
    expect([none, onlyFixed, both].map(canAssociateFloatingIp)).toEqual([false, true, true]);
    expect([none, onlyFixed, both].map(canDisassociateFloatingIp)).toEqual([false, false, true]);
  });

  it('links Console to the details page on its Console tab', () => {
    expect(consoleHref(instance({ id: 'a b' }))).toBe(
      '/ngdetails/OS::Nova::Server/a%20b?tab=console',
    );
  });

  it('offers nothing but a hard reboot while a task runs', () => {
    const busy = instance({ task_state: 'rebooting', status: 'REBOOT' });
    const offered = Object.entries(OPERATIONS)
      .filter(([, decl]) => decl.can(busy))
      .map(([key]) => key);
    expect(offered).toEqual(['hardReboot', 'lock']);
    expect(canResize(instance({ task_state: 'powering-off' }))).toBe(false);
  });

  it('offers Lock or Unlock by the lock, both when Nova does not say (before 2.9)', () => {
    expect([OPERATIONS.lock.can(instance()), OPERATIONS.unlock.can(instance())]).toEqual([
      true,
      false,
    ]);
    const locked = instance({ locked: true });
    expect([OPERATIONS.lock.can(locked), OPERATIONS.unlock.can(locked)]).toEqual([false, true]);
    const unknown = instance({ locked: null });
    expect([OPERATIONS.lock.can(unknown), OPERATIONS.unlock.can(unknown)]).toEqual([true, true]);
  });

  it('does not offer Rescue for an instance booted from a volume', () => {
    expect(OPERATIONS.rescue.can(instance({ image: null }))).toBe(false);
  });
});

describe('declarations', () => {
  const rules = (action: Action<unknown>): string[] =>
    (action.requires ?? []).flatMap((r) => (r.kind === 'policy' ? [r.rule] : []));

  it('gives every action its oslo.policy rule and rows the instance’s project as target', () => {
    const byId = Object.fromEntries(instanceRowActions.map((a) => [a.id, a]));
    expect(rules(byId['start'] as Action<unknown>)).toEqual(['os_compute_api:servers:start']);
    expect(rules(byId['pause'] as Action<unknown>)).toEqual([
      'os_compute_api:os-pause-server:pause',
    ]);
    expect(rules(byId['live-migrate'] as Action<unknown>)).toEqual([
      'os_compute_api:os-migrate-server:migrate_live',
    ]);
    expect(rules(byId['reset-state'] as Action<unknown>)).toEqual([
      'os_compute_api:os-admin-actions:reset_state',
    ]);
    expect(rules(byId['delete'] as Action<unknown>)).toEqual(['os_compute_api:servers:delete']);
    expect(rules(byId['update-metadata'] as Action<unknown>)).toEqual([
      'os_compute_api:server-metadata:update',
    ]);
    expect(rules(byId['associate-floating-ip'] as Action<unknown>)).toEqual(['update_floatingip']);
    expect(rules(byId['console'] as Action<unknown>)).toEqual([
      'os_compute_api:os-remote-consoles',
    ]);
    expect(rules(byId['retrieve-password'] as Action<unknown>)).toEqual([
      'os_compute_api:os-server-password:show',
    ]);
    for (const action of instanceRowActions) {
      expect(rules(action as Action<unknown>), action.id).toHaveLength(1);
      expect(action.policyTarget?.(instance()), action.id).toEqual({ project_id: 'p-1' });
    }
    expect(new Set(instanceRowActions.map((a) => a.id)).size).toBe(instanceRowActions.length);
  });

  it('has batch variants that are enabled when any selected instance can run them', () => {
    const start = instanceBatchActions.find((a) => a.id === 'start');
    expect(start?.allowed?.([instance(), instance({ id: 'i-2', status: 'SHUTOFF' })])).toBe(true);
    expect(start?.allowed?.([instance()])).toBe(false);
    expect(instanceBatchActions.map((a) => a.id)).toEqual([
      'start',
      'stop',
      'soft-reboot',
      'pause',
      'delete',
    ]);
  });

  it('has every text in the catalogue and a spec 2 §8 failure message', () => {
    const keys = catalogue as Record<string, string>;
    for (const decl of Object.values(OPERATIONS)) {
      for (const text of [decl.label, decl.confirm, decl.started, decl.failed]) {
        expect(keys[text], text).toBe(text);
      }
      expect(decl.failed).toMatch(/^Unable to .* the server with id: \{\{id\}\}$/);
    }
    expect(OPERATIONS.start.failed).toBe('Unable to start the server with id: {{id}}');
    expect(OPERATIONS.softReboot.failed).toBe('Unable to soft-reboot the server with id: {{id}}');
  });
});

describe('payloads', () => {
  it('posts each confirm-and-run operation as the contract accepts it', () => {
    // The confirm-and-run operations take no fields (the server refuses stray ones with a 400).
    expect(Object.values(OPERATIONS).map(operationBody)).toEqual(
      Object.values(OPERATIONS).map((decl) => ({ operation: decl.operation })),
    );
    expect(OPERATIONS.softReboot.operation).toBe('soft_reboot');
    expect(OPERATIONS.confirmResize.operation).toBe('confirm_resize');
  });

  it('builds the forms’ bodies', () => {
    expect(resizeBody('2', 'MANUAL')).toEqual({
      operation: 'resize',
      flavorRef: '2',
      'OS-DCF:diskConfig': 'MANUAL',
    });
    const rebuild = { imageId: 'img', password: '', confirmPassword: '', diskConfig: 'AUTO' };
    expect(rebuildBody({ ...rebuild, diskConfig: 'AUTO' })).toEqual({
      operation: 'rebuild',
      imageRef: 'img',
      'OS-DCF:diskConfig': 'AUTO',
    });
    expect(
      rebuildBody({
        ...rebuild,
        diskConfig: 'AUTO',
        password: 's3cret',
        confirmPassword: 's3cret',
      }),
    ).toMatchObject({ adminPass: 's3cret' });
    expect(passwordsMatch({ password: 'a', confirmPassword: 'b' })).toBe(false);
    expect(resetStateBody('error')).toEqual({ operation: 'reset_state', state: 'error' });
    expect(liveMigrateBody('')).toEqual({ operation: 'live_migrate' });
    expect(liveMigrateBody('compute-2')).toEqual({ operation: 'live_migrate', host: 'compute-2' });
    expect(snapshotBody(instance(), ' snap ')).toEqual({ instance_id: 'i-1', name: 'snap' });
  });

  it('sends only what an edit changed, or nothing', () => {
    const i = instance();
    expect(editBody(i, { name: 'web-1', description: 'Front' })).toBeUndefined();
    expect(editBody(i, { name: ' web-9 ', description: 'Front' })).toEqual({ name: 'web-9' });
    expect(editBody(i, { name: 'web-1', description: '' })).toEqual({ description: '' });
  });
});

describe('form choices', () => {
  const flavor = flavorFixture;

  it('offers the other enabled flavors, smallest first, by id or (2.47+) by name', () => {
    const flavors = [
      flavor('3', 'm1.medium', 4096),
      flavor('1', 'm1.tiny', 512),
      flavor('2', 'm1.small', 2048),
      flavor('9', 'old', 1024, true),
    ];
    expect(resizeChoices(instance(), flavors).map((f) => f.id)).toEqual(['2', '3']);
    const embedded = instance({ flavor: { name: 'm1.small', vcpus: 1, ram: 2048, disk: 1 } });
    expect(resizeChoices(embedded, flavors).map((f) => f.id)).toEqual(['1', '3']);
  });

  it('offers active, bootable images for a rebuild', () => {
    const image = (id: string, status: string, container: string): Image =>
      ({ id, name: id, status, container_format: container }) as Image;
    const images = [
      image('b', 'active', 'bare'),
      image('k', 'active', 'aki'),
      image('q', 'queued', 'bare'),
      image('a', 'active', 'ovf'),
    ];
    expect(rebuildChoices(images).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('offers enabled, up compute hosts other than the current one', () => {
    const service = (host: string, over: Partial<ComputeService> = {}): ComputeService => ({
      id: host,
      binary: 'nova-compute',
      host,
      zone: 'nova',
      status: 'enabled',
      state: 'up',
      updated_at: null,
      disabled_reason: null,
      ...over,
    });
    const services = [
      service('compute-3'),
      service('compute-1'),
      service('compute-2', { status: 'disabled' }),
      service('compute-4', { state: 'down' }),
      service('controller', { binary: 'nova-scheduler' }),
    ];
    expect(hostChoices(instance(), services)).toEqual(['compute-3']);
    expect(instanceTarget(instance({ project_id: null }))).toEqual({ project_id: '' });
  });
});
