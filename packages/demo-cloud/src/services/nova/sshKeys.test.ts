import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ECDSA_PUBLIC_KEY as ECDSA,
  ED25519_PUBLIC_KEY as ED25519,
  TEST_CERTIFICATE,
} from '../../testing/fixtures';
import { generateRsaKeypair, sshFingerprint, x509Fingerprint } from './sshKeys';

describe('ssh keys', () => {
  it('fingerprints OpenSSH public keys as MD5 of the key blob', () => {
    expect(sshFingerprint(ED25519)).toBe('d7:0c:0d:ff:d8:5b:3b:11:ec:c0:5d:25:4b:c7:8a:a8');
    expect(sshFingerprint(ECDSA)).toBe('8e:2c:fd:0f:04:e8:17:77:a1:fa:67:83:29:66:ed:29');
  });

  it('rejects what is not a public key', () => {
    expect(() => sshFingerprint('ssh-rsa notbase64!')).toThrow();
    expect(() => sshFingerprint('ssh-rsa AAAAB3NzaC1yc2E=')).toThrow();
    expect(() => sshFingerprint(ED25519.replace('ssh-ed25519', 'ssh-rsa'))).toThrow();
    expect(() => sshFingerprint('hello')).toThrow();
  });

  it('fingerprints x509 certificates as SHA-1 of the DER', () => {
    expect(x509Fingerprint(TEST_CERTIFICATE)).toBe(
      'ba:cc:a6:25:18:3e:39:7d:95:43:a1:55:1a:01:5f:01:52:02:af:07',
    );
    expect(() =>
      x509Fingerprint('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
    ).toThrow();
  });

  it('generates an RSA 2048 pair whose OpenSSH public key matches the PEM private key', async () => {
    const pair = await generateRsaKeypair();
    expect(pair.privateKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(pair.publicKey).toMatch(/^ssh-rsa AAAAB3NzaC1yc2E\S+ Generated-by-Nova$/);
    expect(pair.fingerprint).toBe(sshFingerprint(pair.publicKey));
    const jwk = createPublicKey(pair.privateKey).export({ format: 'jwk' });
    const blob = Buffer.from(pair.publicKey.split(' ')[1] ?? '', 'base64');
    // The modulus is the last field of the blob (after its 4-byte length and a leading zero byte).
    const modulus = Buffer.from(jwk.n ?? '', 'base64url');
    expect(blob.subarray(blob.length - modulus.length).equals(modulus)).toBe(true);
    expect(modulus.length * 8).toBe(2048);
  });
});
