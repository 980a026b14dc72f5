import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

describe('the Idempotency-Key', () => {
  it('makes a v4 UUID even without randomUUID', () => {
    const key = newIdempotencyKey({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => a });
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
