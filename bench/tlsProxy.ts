import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/**
 * HTTPS in front of the shop for the page-load benchmark, as a real deployment's proxy serves it: TLS with HTTP/2
 * (ALPN, HTTP/1.1 still accepted), forwarding every request to the shop on plain HTTP. Chromium offers brotli only
 * over HTTPS, so only here does the benchmark see the bytes a phone really downloads. The certificate is
 * self-signed, made with openssl for this run alone; the browser context is told to accept it.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export async function startTlsProxy(targetPort: number): Promise<{ url: string; close(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-tls-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const server = http2.createSecureServer(
    { key: await fs.readFile(keyFile), cert: await fs.readFile(certFile), allowHTTP1: true },
    (req, res) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
      headers.host = (req.headers[':authority'] as string | undefined) ?? req.headers.host;
      headers['x-forwarded-proto'] = 'https';
      const upstream = http.request(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers },
        (answer) => {
          const out: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
