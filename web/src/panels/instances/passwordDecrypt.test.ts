import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PasswordDecryptError, decryptPassword, parsePrivateKey } from './passwordDecrypt';

// A test vector made with the tools users have: `ssh-keygen -t rsa -b 2048 -N ''` (OpenSSH
// format, the default) and `openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:pkcs1` of the
// password, as Nova's guest agents post it. A throwaway key, for this test only.
const OPENSSH_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABFwAAAAdzc2gtcn
NhAAAAAwEAAQAAAQEAo1EzmVkTuyplPG091lq6iP49wRQ2ikVhkAYsygCU0K+gGjmkBaYn
B3W3e4p3y5Yhya+pwU/nTUVvOGNEptAO4lC22o5LxxiNjhLFICPBeh3X8aCNLS5G8lYeNe
iigpe07fpizfd4ajz5dIBu83ogP3sTuMf7rm6W4GuyZIkCWPzAU/WQzUQkDs9MqcvTfWHg
4ZeKYoSHigs1hCCAmUIM7ENFxZbsned6dQSZQd7rsxy6qr9aaavyxZaSxuu9dKiiRCmEz5
jejKnkV2bf9hBO5oW/87l1dONgQ7E1sFLu2BctGMfy2unKM+PtITZ/mCd2SmJuFEABZSQI
9FdNht8HfwAAA8ArZwlhK2cJYQAAAAdzc2gtcnNhAAABAQCjUTOZWRO7KmU8bT3WWrqI/j
3BFDaKRWGQBizKAJTQr6AaOaQFpicHdbd7infLliHJr6nBT+dNRW84Y0Sm0A7iULbajkvH
GI2OEsUgI8F6HdfxoI0tLkbyVh416KKCl7Tt+mLN93hqPPl0gG7zeiA/exO4x/uubpbga7
JkiQJY/MBT9ZDNRCQOz0ypy9N9YeDhl4pihIeKCzWEIICZQgzsQ0XFluyd53p1BJlB3uuz
HLqqv1ppq/LFlpLG6710qKJEKYTPmN6MqeRXZt/2EE7mhb/zuXV042BDsTWwUu7YFy0Yx/
La6coz4+0hNn+YJ3ZKYm4UQAFlJAj0V02G3wd/AAAAAwEAAQAAAQABjcK3aUUKSU94QTPO
58MRjZWp0hbovts8QwrHCzVfPOSBi13XneqOJB0QRFN6cN22bQDo8Wkqb4gs2ajsC1uw5I
Kw1py68q1aFiyg7yYmksUcq+Hb9a5AHPihm6p8IpRalUC+Y+XV4OmgpZ4om9dVs0aPQfvP
f4bY8L1cPn9yuET2htC8Q82yLaU7YKL+VNrTFxqeThx/K3zJ9BIQkCtRjtYd3SgVeuq6NF
8xktiIzbnPBamnH7TOLGF3AJJb3qvGj+OOGLHcD30EVZgxbLCOjYrSNpNMTWM+MNO2PXJf
RORGVilfIZ0ILqr1lARAYgOFjhMb45YQ151v3nzan6flAAAAgFM3losu3Kw6o5gbHCjmM7
btldJiLlgYzkqTgLP6YSDtQht2+cac+JOh1vATLt+rpr9Ys6TR8KuMITgOw+oboNZ1XeGm
VorjRXUCwaty8G15ZqRP9W6gDYTFpJIXK5wn06WEjpWtybq6QPJcOLYFaxwYZSQBOBadOb
Q3ObNSDxhXAAAAgQDeqrcCbUwj+dXT6oaLVs5TqLzGl5n7hSv/EgWLt/YahCajzHHcGvgg
t6gIIONnwa5MyAye8GQJKO9ZsOFFnlONFx5hwakU7Lom5kY5LjbL3p6hYjUiZo4eBlO6Vk
GLP9+7WqHR6yGwwOsdhdVTZTUUG69LPuZsYYv9zYaXzlvuzQAAAIEAu8QF/jn5P4ZcdaiJ
ffNQxHfoo5lYqklyOBzC4Olpjr8Xok0z3fQNCGTW9pDZzZTxXCDp4lyZCD/9Y6E23k1jzd
f8GjudRyi5Tj79iQFhN8tM/w3C7yDwPHWWLsAIg/E0jV0SVcgqkqfa/EJ/a6z8r/XLSxXv
3/mqZ77DRjN6d3sAAAAHZml4dHVyZQECAwQ=
-----END OPENSSH PRIVATE KEY-----`;
const OPENSSH_CIPHER =
  'd5Rex/pWfNumCdVxHnuZCHgyKq34BzeG5c+YkPN4tbDVsrL7P2htp5hwpTSJgDJjObVYZ+fuDkv0ySGwxZmBinteam5i4Q024DvWgAaFQmurTsfn8MuzxfN0D2FZnA/EYRkeUamDWNQjj5f3AaqsrVy2e9v6Mw3ZZ3FNJ7/JfaKhjT4yNiJ9cI7gx57XrzqNHAy3Phkvj4W5CW9aNYLROLDdc/XYIW9VOdIEWoOGWrHteDclK4DVxrGlOr13YBWcYaey0UxwFIk/HB44EF9zj/+qnpEXJ+aa3ZbVHofL+bQz6AnwQFZOLZQU1rJoTez67rcy7NnHZ9COxjuGWu29kQ==';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const encrypt = (text: string): string =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(text),
  ).toString('base64');

describe('decryptPassword', () => {
  it('reads an OpenSSH key (ssh-keygen) and decrypts what openssl encrypted', () => {
    expect(decryptPassword(OPENSSH_CIPHER, OPENSSH_KEY)).toBe('Tr0ub4dor&3');
  });

  it('reads PKCS#1 (Nova-generated key pairs) and PKCS#8 PEM keys', () => {
    const cipher = encrypt('s3cret-ÄÖ');
    expect(decryptPassword(cipher, pkcs1)).toBe('s3cret-ÄÖ');
    expect(decryptPassword(cipher, pkcs8)).toBe('s3cret-ÄÖ');
    // Pasted with surrounding text and Windows line ends still reads.
    expect(decryptPassword(cipher, `key:\r\n${pkcs1.replace(/\n/g, '\r\n')}`)).toBe('s3cret-ÄÖ');
  });

  it('refuses another key, a damaged ciphertext and what is no key', () => {
    const cipher = encrypt('pw');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    expect(() => decryptPassword(cipher, other)).toThrow(PasswordDecryptError);
    expect(() => decryptPassword(OPENSSH_CIPHER, pkcs1)).toThrow(PasswordDecryptError);
    expect(() => decryptPassword('not*base64', pkcs1)).toThrow(PasswordDecryptError);
    expect(() => decryptPassword(cipher.slice(4), pkcs1)).toThrow(PasswordDecryptError);
    for (const key of [
      '',
      'ssh-rsa AAAAB3Nza user@host',
      '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----',
    ]) {
      expect(() => parsePrivateKey(key), key).toThrow(PasswordDecryptError);
    }
  });

  it('refuses a passphrase-protected key with a reason', () => {
    const locked = privateKey
      .export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' })
      .toString();
    expect(() => parsePrivateKey(locked)).toThrow(/passphrase/);
  });
});
