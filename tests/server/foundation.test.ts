import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('server foundation', () => {
  it('answers unknown routes with 404 and the route text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: "Can't find this route: /api/v1/nothing-here" });
  });

  it('refuses unsupported content types with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'fail', message: 'Unsupported Media Type' });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid JSON body');
  });

  it('refuses NUL characters with 400 instead of failing in the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products?keyword=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'Invalid characters in request' });
  });

  it('applies the committed migrations', async () => {
    const rows = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(rows.map((r) => r.name)).toContain('001_init.sql');
  });
});
