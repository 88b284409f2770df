import { createHash, generateKeyPairSync } from 'node:crypto';

export interface OpenSshPublicKey {
  /** One line: "ssh-ed25519 AAAA… comment". */
  line: string;
  /** Nova's fingerprint of it: MD5 of the key blob, colon-separated hex. */
  fingerprint: string;
}

const sshString = (data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
};

/** A fresh Ed25519 public key in OpenSSH format, as `ssh-keygen -t ed25519` writes it. */
export function newOpenSshPublicKey(comment = 'e2e@skydeck'): OpenSshPublicKey {
  const { publicKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' });
  if (!x) throw new Error('An Ed25519 JWK without its public part');
  const blob = Buffer.concat([
    sshString(Buffer.from('ssh-ed25519')),
    sshString(Buffer.from(x, 'base64url')),
  ]);
  const md5 = createHash('md5').update(blob).digest('hex');
  return {
    line: `ssh-ed25519 ${blob.toString('base64')} ${comment}`,
    fingerprint: md5.match(/../g)?.join(':') ?? md5,
  };
}
