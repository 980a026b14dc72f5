import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api, withIdempotencyKey } from './base';
import sessionReducer from '../session/sessionSlice';

describe('withIdempotencyKey', () => {
  const key = () => 'k-1';

  it('keys every request that records something, and no read nor login', () => {
    expect(withIdempotencyKey({ url: 'api/movimientos/4/cobros', method: 'POST' }, key).keyed).toBe(true);
    expect(withIdempotencyKey({ url: 'api/productos/4/minimo', method: 'put' }, key).keyed).toBe(true);
    expect(withIdempotencyKey({ url: 'api/movimientos/4', method: 'DELETE' }, key).keyed).toBe(true);
    expect(withIdempotencyKey({ url: 'api/movimientos/4' }, key).keyed).toBe(false);
    expect(withIdempotencyKey('api/local', key).keyed).toBe(false);
    expect(withIdempotencyKey({ url: 'oauth/token', method: 'POST' }, key).keyed).toBe(false);
  });

  it('keeps the key a screen made for its form, and makes one otherwise', () => {
    const own = withIdempotencyKey(
      { url: 'api/movimientos', method: 'POST', headers: { 'Idempotency-Key': 'form-7' } },
      key,
    );
    expect(new Headers((own.args as { headers: HeadersInit }).headers).get('Idempotency-Key')).toBe('form-7');
    const made = withIdempotencyKey({ url: 'api/conteos', method: 'POST' }, key);
    expect(new Headers((made.args as { headers: HeadersInit }).headers).get('Idempotency-Key')).toBe('k-1');
  });
});

describe('a keyed call whose answer was lost', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is sent again with the same key', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    vi.stubGlobal('fetch', async (request: Request) => {
      calls += 1;
      keys.push(request.headers.get('Idempotency-Key'));
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 2)
        return new Response('{"mensaje":"x"}', { status: 503, headers: { 'Content-Type': 'application/json' } });
      return new Response('{"mensaje":"El pago ha sido registrado!"}', {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const probe = api.injectEndpoints({
      endpoints: (build) => ({
        probeCobro: build.mutation<unknown, void>({
          query: () => ({ url: 'api/movimientos/4/cobros', method: 'POST', body: {} }),
        }),
      }),
      overrideExisting: true,
    });
    const store = configureStore({
      reducer: { session: sessionReducer, [api.reducerPath]: api.reducer },
      middleware: (m) => m().concat(api.middleware),
    });
    const answer = await store.dispatch(probe.endpoints.probeCobro.initiate());
    expect('data' in answer && answer.data).toEqual({ mensaje: 'El pago ha sido registrado!' });
    expect(calls).toBe(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });
});
