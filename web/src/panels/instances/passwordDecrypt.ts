/**
 * Retrieve Password (spec 1 §2, §5): the admin password a guest posted to Nova is RSA-encrypted
 * with the key pair's public key, PKCS#1 v1.5 padding, as base64. It is decrypted here, in the
 * browser, so the private key never leaves it.
 *
 * Why our own BigInt RSA rather than WebCrypto or a library: WebCrypto decrypts RSA-OAEP only,
 * not PKCS#1 v1.5; node-forge and jsencrypt do v1.5 but read PEM only (not the OpenSSH format
 * ssh-keygen writes by default) and weigh 20–300 kB for one modular exponentiation. A private key
 * is a few DER or SSH-wire integers, and BigInt does the arithmetic; no timing hardening is
 * needed, since the user decrypts their own data on their own machine. Tested against Node's
 * publicEncrypt and an ssh-keygen key (passwordDecrypt.test.ts).
 */

/** The private key's numbers (CRT form when the key carries them, as every format here does). */
export interface RsaPrivateKey {
  n: bigint;
  d: bigint;
  p: bigint;
  q: bigint;
  dp: bigint;
  dq: bigint;
  qi: bigint;
}

/** Why a key or a ciphertext could not be used; the modal says "Could not decrypt the password". */
export class PasswordDecryptError extends Error {}

const fail = (reason: string): never => {
  throw new PasswordDecryptError(reason);
};

const base64Bytes = (text: string): Uint8Array => {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) fail('not base64');
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    return fail('not base64');
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const toBigInt = (bytes: Uint8Array): bigint => {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
};

const toBytes = (value: bigint, length: number): Uint8Array => {
  const hex = value.toString(16).padStart(length * 2, '0');
  if (hex.length > length * 2) fail('value too large');
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

const modPow = (base: bigint, exponent: bigint, modulus: bigint): bigint => {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
};

const modInverse = (a: bigint, m: bigint): bigint => {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) fail('not invertible');
  return ((oldS % m) + m) % m;
};

// --- DER (PKCS#1 RSAPrivateKey, PKCS#8 PrivateKeyInfo) ---------------------------------------

interface Der {
  tag: number;
  body: Uint8Array;
  /** Where the next element starts. */
  end: number;
}

const readDer = (bytes: Uint8Array, at: number): Der => {
  const tag = bytes[at] ?? fail('truncated DER');
  let length = bytes[at + 1] ?? fail('truncated DER');
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) fail('bad DER length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (bytes[start + i] ?? fail('DER'));
    start += count;
  }
  if (start + length > bytes.length) fail('truncated DER');
  return { tag, body: bytes.subarray(start, start + length), end: start + length };
};

const derChildren = (sequence: Uint8Array): Der[] => {
  const items: Der[] = [];
  for (let at = 0; at < sequence.length;) {
    const item = readDer(sequence, at);
    items.push(item);
    at = item.end;
  }
  return items;
};

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const OCTET_STRING = 0x04;
// 1.2.840.113549.1.1.1 (rsaEncryption)
const RSA_OID = '2a864886f70d010101';

const hexOf = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

const fromPkcs1 = (der: Uint8Array): RsaPrivateKey => {
  const top = readDer(der, 0);
  if (top.tag !== SEQUENCE) fail('not an RSA private key');
  const ints = derChildren(top.body);
  if (ints.length < 9 || ints.slice(0, 9).some((i) => i.tag !== INTEGER)) {
    fail('not an RSA private key');
  }
  const at = (index: number): bigint => toBigInt(ints[index]?.body ?? new Uint8Array());
  // RSAPrivateKey: version, n, e, d, p, q, d mod (p-1), d mod (q-1), q^-1 mod p.
  return checked({ n: at(1), d: at(3), p: at(4), q: at(5), dp: at(6), dq: at(7), qi: at(8) });
};

const fromPkcs8 = (der: Uint8Array): RsaPrivateKey => {
  const top = readDer(der, 0);
  if (top.tag !== SEQUENCE) fail('not a private key');
  const [version, algorithm, key] = derChildren(top.body);
  if (version?.tag !== INTEGER || algorithm?.tag !== SEQUENCE || key?.tag !== OCTET_STRING) {
    return fail('not a private key');
  }
  const oid = derChildren(algorithm.body)[0];
  if (!oid || hexOf(oid.body) !== RSA_OID) fail('not an RSA key');
  return fromPkcs1(key.body);
};

// --- OpenSSH (openssh-key-v1) ------------------------------------------------------------------

const readSsh = (bytes: Uint8Array) => {
  let at = 0;
  const u32 = (): number => {
    if (at + 4 > bytes.length) fail('truncated OpenSSH key');
    const v = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0);
    at += 4;
    return v;
  };
  const string = (): Uint8Array => {
    const length = u32();
    if (at + length > bytes.length) fail('truncated OpenSSH key');
    const out = bytes.subarray(at, at + length);
    at += length;
    return out;
  };
  const text = (): string => new TextDecoder().decode(string());
  return { u32, string, text, skip: (n: number) => (at += n) };
};

const MAGIC = 'openssh-key-v1\0';

const fromOpenSsh = (blob: Uint8Array): RsaPrivateKey => {
  if (new TextDecoder().decode(blob.subarray(0, MAGIC.length)) !== MAGIC) fail('not OpenSSH');
  const r = readSsh(blob.subarray(MAGIC.length));
  // A key under a passphrase would need bcrypt-pbkdf and AES: ask for an unprotected one.
  if (r.text() !== 'none' || r.text() !== 'none') fail('the key is protected by a passphrase');
  r.string(); // KDF options
  if (r.u32() !== 1) fail('one key expected');
  r.string(); // public key
  const priv = readSsh(r.string());
  if (priv.u32() !== priv.u32()) fail('the key is damaged');
  if (priv.text() !== 'ssh-rsa') fail('not an RSA key');
  const n = toBigInt(priv.string());
  priv.string(); // e
  const d = toBigInt(priv.string());
  const qi = toBigInt(priv.string());
  const p = toBigInt(priv.string());
  const q = toBigInt(priv.string());
  return checked({ n, d, p, q, dp: d % (p - 1n), dq: d % (q - 1n), qi });
};

const checked = (key: RsaPrivateKey): RsaPrivateKey => {
  if (key.p * key.q !== key.n || key.n < 2n ** 511n) fail('inconsistent RSA key');
  return key;
};

/** A private key as pasted or read from a file: PKCS#1 or PKCS#8 PEM, or OpenSSH. */
export function parsePrivateKey(text: string): RsaPrivateKey {
  const pem = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(text);
  if (!pem) return fail('no PEM or OpenSSH private key');
  const [, label, body = ''] = pem;
  // PEM headers (Proc-Type, DEK-Info) mean a passphrase-encrypted key.
  if (/^[\w-]+:/m.test(body)) fail('the key is protected by a passphrase');
  const der = base64Bytes(body);
  switch (label) {
    case 'RSA PRIVATE KEY':
      return fromPkcs1(der);
    case 'PRIVATE KEY':
      return fromPkcs8(der);
    case 'OPENSSH PRIVATE KEY':
      return fromOpenSsh(der);
    default:
      return fail(`unsupported key (${label ?? ''})`);
  }
}

/** m = c^d mod n by the Chinese remainder theorem (four times faster than one big power). */
const rsaDecrypt = (key: RsaPrivateKey, c: bigint): bigint => {
  const m1 = modPow(c, key.dp, key.p);
  const m2 = modPow(c, key.dq, key.q);
  const h = (((m1 - m2) % key.p) + key.p) % key.p;
  const qi = key.qi === 0n ? modInverse(key.q, key.p) : key.qi;
  return m2 + ((qi * h) % key.p) * key.q;
};

/** Decrypts Nova's base64 password with the key; throws PasswordDecryptError on any mismatch. */
export function decryptPassword(encrypted: string, privateKey: string): string {
  const key = parsePrivateKey(privateKey);
  const cipher = base64Bytes(encrypted);
  const size = Math.ceil(key.n.toString(16).length / 2);
  if (cipher.length !== size) fail('the password was not encrypted for this key');
  const c = toBigInt(cipher);
  if (c >= key.n) fail('the password was not encrypted for this key');
  const block = toBytes(rsaDecrypt(key, c), size);
  // EME-PKCS1-v1_5: 00 02, at least eight non-zero padding bytes, 00, the message.
  if (block[0] !== 0 || block[1] !== 2) fail('the password was not encrypted for this key');
  const zero = block.indexOf(0, 2);
  if (zero < 10) fail('the password was not encrypted for this key');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(block.subarray(zero + 1));
  } catch {
    return fail('the password is not text');
  }
}
