import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest, conflict } from '../../core/faults';
import { pageAfterMarker, parseLimit, queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { novaDbTime } from '../../core/time';
import { atLeast, bodyObject, invalidInput, nextLink, pyRepr } from './http';
import type { Json } from './http';
import { keypairKey, keypairs } from './model';
import type { KeypairDoc } from './model';
import { effectiveQuotas, keypairCount } from './quotas';
import { generateRsaKeypair, sshFingerprint, x509Fingerprint } from './sshKeys';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** Nova's key pair name formats: 2.92 also allows `@` and `.`. */
const checkKeypairName = (request: FastifyRequest, value: unknown): string => {
  if (typeof value !== 'string')
    throw invalidInput('keypair/name', value, `${pyRepr(value)} is not of type 'string'`);
  if (value.length < 1) throw invalidInput('keypair/name', value, `${pyRepr(value)} is too short`);
  if (value.length > 255) throw invalidInput('keypair/name', value, `${pyRepr(value)} is too long`);
  const safe = `${atLeast(request, '2.92') ? '@._- ' : '_- '}${DIGITS}${LETTERS}`;
  if ([...value].some((ch) => !safe.includes(ch)) || /^\s|\s$/.test(value)) {
    throw new Fault(
      400,
      `An invalid 'name' value was provided. The name must be: Only expected characters: [${safe}]`,
    );
  }
  return value;
};

export const keypairNotFound = (name: string, userId: string): Fault =>
  new Fault(404, `Keypair ${name} not found for user ${userId}`);

/** The user a call acts for: the caller, or (≥2.10) the `user_id` an admin names. */
const subjectUser = (request: FastifyRequest, explicit: string | undefined): string =>
  explicit !== undefined && atLeast(request, '2.10') ? explicit : callerOf(request).user.id;

const listView = (request: FastifyRequest, k: KeypairDoc): Json => ({
  keypair: {
    name: k.name,
    public_key: k.public_key,
    fingerprint: k.fingerprint,
    ...(atLeast(request, '2.2') ? { type: k.type } : {}),
  },
});

const showView = (request: FastifyRequest, k: KeypairDoc): Json => ({
  name: k.name,
  public_key: k.public_key,
  fingerprint: k.fingerprint,
  user_id: k.user_id,
  deleted: false,
  created_at: novaDbTime(new Date(k.created_at)),
  updated_at: null,
  deleted_at: null,
  id: k.keypair_id,
  ...(atLeast(request, '2.2') ? { type: k.type } : {}),
});

export const keypairRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(keypairs);

  app.get('/os-keypairs', async (request) => {
    const userId = subjectUser(request, queryValue(request.query, 'user_id'));
    authorize(request, 'compute', 'os_compute_api:os-keypairs:index', { user_id: userId });
    const all = col
      .where('user_id', userId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const paged = atLeast(request, '2.35');
    const page = pageAfterMarker(all, {
      limit: paged ? parseLimit(queryValue(request.query, 'limit')) : undefined,
      marker: paged ? queryValue(request.query, 'marker') : undefined,
      key: (k) => k.name,
      missingMarker: (m) => badRequest(`Marker ${m} could not be found.`),
    });
    const body: Json = { keypairs: page.items.map((k) => listView(request, k)) };
    const last = page.items[page.items.length - 1];
    if (paged && page.full && last)
      body['keypairs_links'] = nextLink(ctx, request, '/os-keypairs', last.name);
    return body;
  });

  app.get<{ Params: { name: string } }>('/os-keypairs/:name', async (request) => {
    const userId = subjectUser(request, queryValue(request.query, 'user_id'));
    authorize(request, 'compute', 'os_compute_api:os-keypairs:show', { user_id: userId });
    const keypair = col.get(keypairKey(userId, request.params.name));
    if (!keypair) throw keypairNotFound(request.params.name, userId);
    return { keypair: showView(request, keypair) };
  });

  app.post('/os-keypairs', async (request, reply) => {
    const allowed = ['name', 'public_key'];
    if (atLeast(request, '2.2')) allowed.push('type');
    if (atLeast(request, '2.10')) allowed.push('user_id');
    // From 2.92 nova no longer generates keys: the public key is required.
    const required = atLeast(request, '2.92') ? ['name', 'public_key'] : ['name'];
    const spec = bodyObject(request.body, 'keypair', allowed, required);
    const name = checkKeypairName(request, spec['name']);
    const type = spec['type'] ?? 'ssh';
    if (type !== 'ssh' && type !== 'x509') {
      throw invalidInput('keypair/type', type, `${pyRepr(type)} is not one of ['ssh', 'x509']`);
    }
    const publicKey = spec['public_key'];
    if (publicKey !== undefined && typeof publicKey !== 'string') {
      throw invalidInput(
        'keypair/public_key',
        publicKey,
        `${pyRepr(publicKey)} is not of type 'string'`,
      );
    }
    const explicitUser = spec['user_id'];
    if (explicitUser !== undefined && typeof explicitUser !== 'string') {
      throw invalidInput(
        'keypair/user_id',
        explicitUser,
        `${pyRepr(explicitUser)} is not of type 'string'`,
      );
    }
    const userId = subjectUser(request, explicitUser);
    authorize(request, 'compute', 'os_compute_api:os-keypairs:create', { user_id: userId });

    let material: { publicKey: string; fingerprint: string; privateKey?: string };
    if (publicKey === undefined) {
      if (type === 'x509')
        throw badRequest('Keypair data is invalid: Generating x509 key pairs is not supported.');
      material = await generateRsaKeypair();
    } else {
      try {
        material = {
          publicKey,
          fingerprint: type === 'x509' ? x509Fingerprint(publicKey) : sshFingerprint(publicKey),
        };
      } catch (error) {
        const reason =
          type === 'x509'
            ? `failed to generate X509 fingerprint. Error message: ${(error as Error).message}`
            : 'failed to generate fingerprint';
        throw badRequest(`Keypair data is invalid: ${reason}`);
      }
    }

    const keypair = store.transaction(() => {
      const allowed = effectiveQuotas(store, callerOf(request).project?.id ?? '', userId).key_pairs;
      if (allowed >= 0 && keypairCount(store, userId) >= allowed) {
        throw new Fault(403, 'Quota exceeded, too many key pairs.');
      }
      if (col.get(keypairKey(userId, name))) throw conflict(`Key pair '${name}' already exists.`);
      return col.insert({
        id: keypairKey(userId, name),
        name,
        user_id: userId,
        type,
        public_key: material.publicKey,
        fingerprint: material.fingerprint,
        keypair_id: store.nextSequence('nova_keypairs'),
        created_at: ctx.now().toISOString(),
      });
    });

    const view: Json = {
      name: keypair.name,
      public_key: keypair.public_key,
      fingerprint: keypair.fingerprint,
      user_id: keypair.user_id,
      ...(material.privateKey ? { private_key: material.privateKey } : {}),
      ...(atLeast(request, '2.2') ? { type: keypair.type } : {}),
    };
    return reply.code(atLeast(request, '2.2') ? 201 : 200).send({ keypair: view });
  });

  app.delete<{ Params: { name: string } }>('/os-keypairs/:name', async (request, reply) => {
    const userId = subjectUser(request, queryValue(request.query, 'user_id'));
    authorize(request, 'compute', 'os_compute_api:os-keypairs:delete', { user_id: userId });
    if (!col.delete(keypairKey(userId, request.params.name))) {
      throw keypairNotFound(request.params.name, userId);
    }
    return reply.code(atLeast(request, '2.2') ? 204 : 202).send();
  });
};
