import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../processes';

/**
 * A round-robin load balancer in front of several server processes on loopback, as a deployment puts one in front
 * of its machines: Debian's nginx when it is installed (own config in a temporary folder, unprivileged port, in the
 * foreground), else a small proxy in this process. Either way each answer says which process gave it in
 * `X-Upstream: 127.0.0.1:<port>`, consecutive requests go to the processes in turn, and a process that stops
 * answering is left out (nginx: max_fails; the proxy: a refused connection marks it down) while the request is
 * passed to the next one when it never reached the dead one, or when it is safe to repeat.
 */
export interface RoundRobin {
  url: string;
  kind: 'nginx' | 'node proxy';
  close(): Promise<void>;
}

export const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

export async function startRoundRobin(
  upstreamPorts: number[],
  options: { preferNginx?: boolean } = {},
): Promise<RoundRobin> {
  const nginx = options.preferNginx === false ? undefined : NGINX_CANDIDATES.find((file) => fs.existsSync(file));
  if (nginx && spawnSync(nginx, ['-v']).status === 0) return startNginx(nginx, upstreamPorts);
  return startNodeProxy(upstreamPorts);
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}: ${output()}`);
}

async function startNginx(binary: string, upstreamPorts: number[]): Promise<RoundRobin> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-nginx-'));
  // Run as root, nginx's workers run as nobody and must reach their temporary folders in here.
  await fsp.chmod(dir, 0o755);
  const port = await freePort();
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=60s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A refused or broken connection goes to the next process; POST only when it never reached the dead one.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  await fsp.writeFile(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(binary, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForPort(port, child, () => output + fs.readFileSync(path.join(dir, 'error.log'), 'utf8'));
  } catch (err) {
    child.kill('SIGKILL');
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'nginx',
    async close() {
      // SIGQUIT: graceful stop of master and worker.
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

async function startNodeProxy(upstreamPorts: number[]): Promise<RoundRobin> {
  let next = 0;
  const downUntil = new Map<number, number>();
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const forwarded = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = `${forwarded ? `${forwarded}, ` : ''}${req.socket.remoteAddress}`;
    headers['x-forwarded-proto'] = 'http';

    // Each request starts at the next process in turn, skipping those marked down; on failure it may try the others.
    const start = next++;
    const order = upstreamPorts.map((_, i) => upstreamPorts[(start + i) % upstreamPorts.length]);
    const alive = order.filter((p) => (downUntil.get(p) ?? 0) <= Date.now());
    const tried: string[] = [];
    for (const port of alive.length ? alive : order) {
      tried.push(`127.0.0.1:${port}`);
      const outcome = await new Promise<'done' | 'refused' | 'broken'>((resolve) => {
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent },
          (answer) => {
            const out = { ...answer.headers };
            for (const name of HOP_BY_HOP) delete out[name];
            res.writeHead(answer.statusCode ?? 502, { ...out, 'x-upstream': tried.join(', ') });
            answer.pipe(res);
            answer.on('end', () => resolve('done'));
            answer.on('error', () => resolve('done'));
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) =>
          resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'broken'),
        );
        upstream.end(body);
      });
      if (outcome === 'done') return;
      downUntil.set(port, Date.now() + 60_000);
      // A refused connection never reached the process, so any request may go on; a broken one only if it may repeat.
      if (outcome === 'broken' && !IDEMPOTENT.has(req.method ?? 'GET')) break;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': tried.join(', ') });
    res.end('Bad Gateway');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'node proxy',
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
