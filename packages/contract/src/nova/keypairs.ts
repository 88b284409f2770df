import { Type, type Static } from 'typebox';
import { ListOf, type List } from '../common';

export const KeyType = Type.Union([Type.Literal('ssh'), Type.Literal('x509')]);
export type KeyType = Static<typeof KeyType>;

export const Keypair = Type.Object({
  name: Type.String(),
  type: KeyType,
  fingerprint: Type.String(),
  public_key: Type.String(),
  user_id: Type.Optional(Type.String()),
  id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  created_at: Type.Optional(Type.String()),
});
export type Keypair = Static<typeof Keypair>;
export const KeypairList = ListOf(Keypair);
export type KeypairList = List<Keypair>;

/**
 * POST /api/nova/keypairs/ — without public_key Nova generates the pair and the answer carries
 * private_key once (spec 2 §7). Name rules are enforced by the web form and again by Nova.
 */
export const KeypairCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    key_type: Type.Optional(KeyType),
    public_key: Type.Optional(Type.String({ minLength: 1, maxLength: 16384 })),
  },
  { additionalProperties: false },
);
export type KeypairCreateBody = Static<typeof KeypairCreateBody>;

export const KeypairCreated = Type.Object({
  name: Type.String(),
  type: KeyType,
  fingerprint: Type.String(),
  public_key: Type.String(),
  private_key: Type.Optional(Type.String()),
});
export type KeypairCreated = Static<typeof KeypairCreated>;

export const KeypairParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }) });
export type KeypairParams = Static<typeof KeypairParams>;
