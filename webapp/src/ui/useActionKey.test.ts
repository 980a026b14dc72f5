import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useActionKey } from './useActionKey';

describe('useActionKey', () => {
  it('keeps a key while the same action is sent again, and renews it after success or a change', () => {
    const { result, rerender } = renderHook(() => useActionKey());
    const first = result.current.keyFor({ contado: 100 });
    rerender();
    expect(result.current.keyFor({ contado: 100 })).toBe(first);
    const changed = result.current.keyFor({ contado: 101 });
    expect(changed).not.toBe(first);
    result.current.done();
    expect(result.current.keyFor({ contado: 101 })).not.toBe(changed);
  });
});
