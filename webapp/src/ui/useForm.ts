import { useState } from 'react';
import { patchBinder } from './fields';

/** A form held as a whole: `set` patches some of its keys, `bind('nota')` gives a field a key's
 * value and the change that patches it in, `setForm` replaces it. */
export function useForm<F>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const set = (change: Partial<F>) => setForm((f) => ({ ...f, ...change }));
  return { form, setForm, set, bind: patchBinder(form, set) };
}
