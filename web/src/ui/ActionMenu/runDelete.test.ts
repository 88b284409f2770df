import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import type { ConfirmRequest } from '../ConfirmDialog/confirm';
import { namesAnyOf, runDelete, type DeleteRun } from './runDelete';

interface Thing {
  id: string;
  name: string;
  locked?: boolean;
}

function deps(answer = true) {
  const requests: ConfirmRequest[] = [];
  const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
  const invalidate = vi.fn(() => Promise.resolve());
  return {
    requests,
    toasts,
    invalidate,
    deps: {
      t,
      confirm: (r: ConfirmRequest) => {
        requests.push(r);
        return Promise.resolve(answer);
      },
      toast: toasts,
      invalidate,
    },
  };
}

// The type's names come from the manifest (DeleteInput.names) unless the run names its own.
const keyPairRun = (remove: (item: Thing) => Promise<unknown>): DeleteRun<Thing> => ({
  kind: 'delete',
  remove,
  invalidates: [['nova', 'keypairs']],
});

const input = (items: Thing[], run: DeleteRun<Thing>) => ({
  items,
  run,
  names: { one: msg('Key Pair'), many: msg('Key Pairs') },
  label: (i: Thing) => i.name,
  key: (i: Thing) => i.id,
});

describe('runDelete', () => {
  it('confirms one item in the singular and summarises', async () => {
    const d = deps();
    const remove = vi.fn(() => Promise.resolve());
    const result = await runDelete(input([{ id: '1', name: 'a' }], keyPairRun(remove)), d.deps);
    expect(d.requests[0]).toMatchObject({
      title: 'Confirm Delete Key Pair',
      action: 'Delete Key Pair',
      body: 'You have selected "a". Please confirm your selection. Deleted Key Pair is not recoverable.',
      danger: true,
    });
    expect(d.toasts.success).toHaveBeenCalledWith('Deleted Key Pair: a.');
    expect(d.toasts.error).not.toHaveBeenCalled();
    expect(d.invalidate).toHaveBeenCalledWith([['nova', 'keypairs']], ['1']);
    expect(result).toEqual({ deleted: ['1'], failed: [] });
  });

  it("names the items with the run's own names over the type's", async () => {
    const d = deps();
    const run = {
      ...keyPairRun(() => Promise.resolve()),
      names: { one: msg('Rule'), many: msg('Rules') },
    };
    await runDelete(input([{ id: '1', name: 'a' }], run), d.deps);
    expect(d.requests[0]).toMatchObject({ title: 'Confirm Delete Rule' });
    expect(d.toasts.success).toHaveBeenCalledWith('Deleted Rule: a.');
  });

  it('deletes in parallel and reports a partial failure once each way', async () => {
    const d = deps();
    const pending: (() => void)[] = [];
    const remove = vi.fn(
      (item: Thing) =>
        new Promise<void>((resolve, reject) => {
          pending.push(() =>
            item.name === 'c' ? reject(new ApiError(409, 'in use', null)) : resolve(),
          );
        }),
    );
    const things = [
      { id: '1', name: 'a' },
      { id: '2', name: 'b' },
      { id: '3', name: 'c' },
    ];
    const running = runDelete(input(things, keyPairRun(remove)), d.deps);
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(3));
    for (const settle of pending) settle();
    const result = await running;
    expect(d.requests[0]).toMatchObject({
      title: 'Confirm Delete Key Pairs',
      body: 'You have selected "a", "b", "c". Please confirm your selection. Deleted Key Pairs are not recoverable.',
    });
    expect(d.toasts.success).toHaveBeenCalledTimes(1);
    expect(d.toasts.success).toHaveBeenCalledWith('Deleted Key Pairs: a, b.');
    expect(d.toasts.error).toHaveBeenCalledTimes(1);
    expect(d.toasts.error).toHaveBeenCalledWith('Unable to delete Key Pair: c.');
    expect(result).toEqual({ deleted: ['1', '2'], failed: ['3'] });
  });

  it("says why, in the service's words, when a delete was refused for the item's state", async () => {
    const d = deps();
    // Our server's JSON answers (409 with the service's message); a 500 gives no reason.
    const refusals: Record<string, ApiError> = {
      a: new ApiError(409, 'Subnet a is in use.', { message: 'Subnet a is in use.' }),
      b: new ApiError(409, 'Subnet a is in use.', { message: 'Subnet a is in use.' }),
      c: new ApiError(500, 'Internal error', { message: 'Internal error' }),
      d: new ApiError(409, 'Port d has a trunk.', { message: 'Port d has a trunk.' }),
    };
    const remove = (item: Thing): Promise<never> => Promise.reject(refusals[item.name]);
    const things = ['a', 'b', 'c', 'd'].map((name) => ({ id: name, name }));
    await runDelete(input(things, keyPairRun(remove)), d.deps);
    expect(d.toasts.error).toHaveBeenCalledWith(
      'Unable to delete Key Pairs: a, b, c, d. Subnet a is in use. Port d has a trunk.',
    );
  });

  it("says why in the run's own words when it has them, for conflicts only", async () => {
    const d = deps();
    const refusals: Record<string, ApiError> = {
      a: new ApiError(409, 'NetworkInUse: ports p1, p2', { message: 'NetworkInUse: ports p1, p2' }),
      b: new ApiError(500, 'Internal error', { message: 'Internal error' }),
    };
    const run = {
      ...keyPairRun((item: Thing): Promise<never> => Promise.reject(refusals[item.name])),
      inUse: msg('{{name}} still has ports.'),
    };
    const things = ['a', 'b'].map((name) => ({ id: name, name }));
    await runDelete(input(things, run), d.deps);
    expect(d.toasts.error).toHaveBeenCalledWith(
      'Unable to delete Key Pairs: a, b. a still has ports.',
    );
  });

  it('uses the flavor texts of spec 2 §8, in the singular or plural', async () => {
    const d = deps();
    const run: DeleteRun<Thing> = {
      kind: 'delete',
      names: { one: msg('Flavor'), many: msg('Flavors') },
      body: msg('You have selected "{{names}}". Deleted flavor is not recoverable.'),
      remove: (item) => (item.name === 'x' ? Promise.reject(new Error('no')) : Promise.resolve()),
      invalidates: [],
    };
    await runDelete(
      input(
        [
          { id: '1', name: 'm1.tiny' },
          { id: '2', name: 'x' },
        ],
        run,
      ),
      d.deps,
    );
    expect(d.requests[0]).toMatchObject({
      title: 'Confirm Delete Flavors',
      action: 'Delete Flavors',
      body: 'You have selected "m1.tiny", "x". Deleted flavors are not recoverable.',
    });
    expect(d.toasts.success).toHaveBeenCalledWith('Deleted Flavor: m1.tiny.');
    expect(d.toasts.error).toHaveBeenCalledWith('Unable to delete Flavor: x.');
    await runDelete(input([{ id: '1', name: 'm1.tiny' }], run), d.deps);
    expect(d.requests[1]).toMatchObject({
      title: 'Confirm Delete Flavor',
      action: 'Delete Flavor',
      body: 'You have selected "m1.tiny". Deleted flavor is not recoverable.',
    });
  });

  it('does nothing when the user cancels', async () => {
    const d = deps(false);
    const remove = vi.fn(() => Promise.resolve());
    const result = await runDelete(input([{ id: '1', name: 'a' }], keyPairRun(remove)), d.deps);
    expect(remove).not.toHaveBeenCalled();
    expect(d.toasts.success).not.toHaveBeenCalled();
    expect(result).toEqual({});
  });

  it('keeps only permitted items and names the others when asked', async () => {
    const d = deps();
    const remove = vi.fn(() => Promise.resolve());
    const run: DeleteRun<Thing> = {
      ...keyPairRun(remove),
      names: { one: msg('Image'), many: msg('Images') },
      itemAllowed: (i) => !i.locked,
      notAllowed: msg('You are not allowed to delete images: {{names}}'),
    };
    const things = [
      { id: '1', name: 'a', locked: true },
      { id: '2', name: 'b' },
      { id: '3', name: 'c' },
    ];
    await runDelete({ ...input(things, run), policyAllowed: [true, true, false] }, d.deps);
    expect(d.toasts.warning).toHaveBeenCalledWith('You are not allowed to delete images: a, c');
    expect(d.requests[0]?.body).toContain('You have selected "b".');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('stops before confirming when nothing may be deleted', async () => {
    const d = deps();
    const run: DeleteRun<Thing> = {
      ...keyPairRun(() => Promise.resolve()),
      itemAllowed: () => false,
    };
    expect(await runDelete(input([{ id: '1', name: 'a' }], run), d.deps)).toEqual({});
    expect(d.requests).toHaveLength(0);
  });

  it('passes hostile names as plain text', async () => {
    const d = deps();
    const hostile = '<img src=x onerror=alert(1)>';
    await runDelete(
      input(
        [{ id: '1', name: hostile }],
        keyPairRun(() => Promise.resolve()),
      ),
      d.deps,
    );
    expect(d.requests[0]?.body).toContain(`"${hostile}"`);
    expect(d.toasts.success).toHaveBeenCalledWith(`Deleted Key Pair: ${hostile}.`);
  });

  it("tells a deleted item's own queries from the lists", () => {
    const gone = ['img-1'];
    expect(namesAnyOf(['glance', 'images', 'get', { params: { id: 'img-1' } }], gone)).toBe(true);
    expect(namesAnyOf(['glance', 'images', 'list', {}], gone)).toBe(false);
    expect(namesAnyOf(['nova', 'keypairs', 'list'], ['keypairs'])).toBe(false);
    expect(namesAnyOf(['glance', 'images', 'get', { params: { id: 'img-10' } }], gone)).toBe(false);
  });
});
