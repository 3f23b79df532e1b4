import { server } from '../mocks/server';

export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** Records every request the app makes (method, path under /api/v1, query, JSON body) for this test. */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const listener = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    let body: unknown;
    try {
      body = await request.clone().json();
    } catch {
      body = undefined;
    }
    seen.push({ method: request.method, path: url.pathname.replace(/^\/api\/v1/, ''), search: url.search, body });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

export const count = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((r) => r.method === method && r.path === path).length;
