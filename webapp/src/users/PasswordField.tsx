import type { ComponentProps } from 'react';
import { TextField } from '../ui/fields';
import { MAX_PASSWORD, MIN_PASSWORD } from './rules';

/** A new password, typed hidden, with the length the server takes. */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'className'>) {
  return (
    <TextField {...props} type="password" className="mb-3" autoComplete="new-password">
      <div className="form-text">
        Entre {MIN_PASSWORD} y {MAX_PASSWORD} caracteres.
      </div>
    </TextField>
  );
}
