import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface KeyAndCertificate {
  key: string;
  cert: string;
}

export interface TestCertificates {
  /** The test CA's certificate (PEM): trust it to accept the server's and the client's. */
  ca: string;
  /** For 127.0.0.1 and localhost, signed by the CA. */
  server: KeyAndCertificate;
  /** A client certificate (mTLS), signed by the CA. */
  client: KeyAndCertificate;
  /** A server's TLS options that require a client certificate signed by the CA (mTLS). */
  mutualTls: KeyAndCertificate & { ca: string; requestCert: true; rejectUnauthorized: true };
  /** The same as files (PEM), as a deployment mounts them: ca.pem, client-cert.pem, client-key.pem. */
  files: { ca: string; clientCert: string; clientKey: string };
}

/** A throwaway CA, a server certificate for this machine and a client certificate, for TLS tests. */
export async function createTestCertificates(): Promise<TestCertificates> {
  const validity = {
    notBeforeDate: new Date(Date.now() - 60_000),
    notAfterDate: new Date(Date.now() + 86_400_000),
  };
  const ca = await generate([{ name: 'commonName', value: 'Test CA' }], {
    ...validity,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const signedBy = { key: ca.private, cert: ca.cert };
  const server = await generate([{ name: 'commonName', value: 'localhost' }], {
    ...validity,
    algorithm: 'sha256',
    ca: signedBy,
    extensions: [
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const client = await generate([{ name: 'commonName', value: 'platform-service' }], {
    ...validity,
    algorithm: 'sha256',
    ca: signedBy,
    extensions: [{ name: 'extKeyUsage', clientAuth: true }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'test-certificates-'));
  const files = {
    ca: join(dir, 'ca.pem'),
    clientCert: join(dir, 'client-cert.pem'),
    clientKey: join(dir, 'client-key.pem'),
  };
  writeFileSync(files.ca, ca.cert);
  writeFileSync(files.clientCert, client.cert);
  writeFileSync(files.clientKey, client.private, { mode: 0o600 });
  return {
    ca: ca.cert,
    server: { key: server.private, cert: server.cert },
    client: { key: client.private, cert: client.cert },
    mutualTls: {
      key: server.private,
      cert: server.cert,
      ca: ca.cert,
      requestCert: true,
      rejectUnauthorized: true,
    },
    files,
  };
}
