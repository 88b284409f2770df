import {
  X509Certificate,
  constants,
  createHash,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  publicEncrypt,
  randomInt,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';

const colonHex = (digest: Buffer): string =>
  [...digest].map((b) => b.toString(16).padStart(2, '0')).join(':');

const sshString = (data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
};

/** An SSH mpint: big-endian, minimal, with a zero byte when the top bit is set. */
const sshMpint = (raw: Buffer): Buffer => {
  let start = 0;
  while (start < raw.length - 1 && raw[start] === 0) start++;
  const trimmed = raw.subarray(start);
  const first = trimmed[0] ?? 0;
  return sshString(first & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
};

export interface GeneratedKeypair {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly fingerprint: string;
}

const toKeypair = (publicPem: string, privateKey: string): GeneratedKeypair => {
  const jwk = createPublicKey(publicPem).export({ format: 'jwk' });
  if (!jwk.n || !jwk.e) throw new Error('RSA key without modulus');
  const blob = Buffer.concat([
    sshString(Buffer.from('ssh-rsa')),
    sshMpint(Buffer.from(jwk.e, 'base64url')),
    sshMpint(Buffer.from(jwk.n, 'base64url')),
  ]);
  const openssh = `ssh-rsa ${blob.toString('base64')} Generated-by-Nova`;
  return { publicKey: openssh, privateKey, fingerprint: sshFingerprint(openssh) };
};

/** What nova does for a key pair created without a public key: RSA 2048, OpenSSH public key, PEM private key. */
export const generateRsaKeypair = async (): Promise<GeneratedKeypair> =>
  new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicExponent: 65537,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      },
      (error, publicPem, privateKey) => {
        if (error) reject(error);
        else resolve(toKeypair(publicPem, privateKey));
      },
    );
  });

/** The same, blocking: for seeding, which runs inside a synchronous transaction. */
export const generateRsaKeypairSync = (): GeneratedKeypair => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicExponent: 65537,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return toKeypair(publicKey, privateKey);
};

class Reader {
  private offset = 0;
  constructor(private readonly data: Buffer) {}
  string(): Buffer {
    if (this.offset + 4 > this.data.length) throw new Error('truncated');
    const length = this.data.readUInt32BE(this.offset);
    const end = this.offset + 4 + length;
    if (end > this.data.length) throw new Error('truncated');
    const value = this.data.subarray(this.offset + 4, end);
    this.offset = end;
    return value;
  }
  done(): boolean {
    return this.offset === this.data.length;
  }
}

const EC_POINT_LENGTH: Readonly<Record<string, number>> = {
  nistp256: 65,
  nistp384: 97,
  nistp521: 133,
};

/** Checks the key blob is a well-formed public key of the type it names; throws otherwise. */
const checkBlob = (type: string, blob: Buffer): void => {
  const reader = new Reader(blob);
  if (reader.string().toString('latin1') !== type) throw new Error('key type mismatch');
  if (type === 'ssh-rsa') {
    const e = reader.string();
    const n = reader.string();
    if (e.length === 0 || n.length < 64) throw new Error('bad RSA key');
  } else if (type === 'ssh-dss') {
    for (let i = 0; i < 4; i++) if (reader.string().length === 0) throw new Error('bad DSA key');
  } else if (type === 'ssh-ed25519') {
    if (reader.string().length !== 32) throw new Error('bad Ed25519 key');
  } else if (type.startsWith('ecdsa-sha2-')) {
    const curve = type.slice('ecdsa-sha2-'.length);
    if (reader.string().toString('latin1') !== curve) throw new Error('curve mismatch');
    const point = reader.string();
    if (point.length !== EC_POINT_LENGTH[curve] || point[0] !== 4) throw new Error('bad EC point');
  } else {
    throw new Error('unsupported key type');
  }
  if (!reader.done()) throw new Error('trailing data');
};

const SSH_TYPES =
  /^(ssh-rsa|ssh-dss|ssh-ed25519|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521)$/;

/** Nova's fingerprint of an OpenSSH public key: MD5 of the decoded key blob, colon-separated hex. */
export const sshFingerprint = (publicKey: string): string => {
  const [type, data] = publicKey.trim().split(/\s+/);
  if (!type || !data || !SSH_TYPES.test(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) {
    throw new Error('not an OpenSSH public key');
  }
  const blob = Buffer.from(data, 'base64');
  checkBlob(type, blob);
  return colonHex(createHash('md5').update(blob).digest());
};

/** Nova's fingerprint of an x509 certificate: SHA-1 of the DER encoding, colon-separated lower-case hex. */
export const x509Fingerprint = (pem: string): string => {
  const cert = new X509Certificate(pem);
  return colonHex(createHash('sha1').update(cert.raw).digest());
};

const unsignedBase64Url = (mpint: Buffer): string => {
  let start = 0;
  while (start < mpint.length - 1 && mpint[start] === 0) start++;
  return mpint.subarray(start).toString('base64url');
};

/** The RSA key of an OpenSSH `ssh-rsa` public key; null for other key types or bad data. */
export const rsaPublicKeyOf = (publicKey: string): KeyObject | null => {
  const [type, data] = publicKey.trim().split(/\s+/);
  if (type !== 'ssh-rsa' || !data) return null;
  try {
    const reader = new Reader(Buffer.from(data, 'base64'));
    if (reader.string().toString('latin1') !== 'ssh-rsa') return null;
    const e = reader.string();
    const n = reader.string();
    return createPublicKey({
      key: { kty: 'RSA', e: unsignedBase64Url(e), n: unsignedBase64Url(n) },
      format: 'jwk',
    });
  } catch {
    return null;
  }
};

const PASSWORD_SYMBOLS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password as nova's utils.generate_password makes (12 unambiguous characters). */
export const generatePassword = (length = 12): string =>
  Array.from({ length }, () => PASSWORD_SYMBOLS[randomInt(PASSWORD_SYMBOLS.length)]).join('');

/**
 * What a guest agent (cloudbase-init, cloud-init's password module) posts to the metadata
 * service: the password encrypted with the key pair's RSA key, PKCS#1 v1.5, base64.
 */
export const encryptPassword = (publicKey: string, password: string): string | null => {
  const key = rsaPublicKeyOf(publicKey);
  if (!key) return null;
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password),
  ).toString('base64');
};
