import { useState, type ReactNode } from 'react';
import { TextField } from '../ui/fields';
import { loginMissing } from './messages';

/** What a login form holds: the user and the password typed, what is missing to send them, and
 * the fields' binding (`<CredentialFields {...fields} />`). */
export function useCredentials(initialUsername = '') {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  return {
    username,
    password,
    missing: loginMissing(username, password),
    fields: { username, onUsername: setUsername, password, onPassword: setPassword },
  };
}

interface Props {
  /** The inputs' ids: the user's, then the password's. */
  ids: [string, string];
  username: string;
  onUsername: (username: string) => void;
  password: string;
  onPassword: (password: string) => void;
  /** Under the user's input. */
  usernameHint?: ReactNode;
  /** The login screen marks both required; the re-login starts on the password. */
  required?: boolean;
  autoFocusPassword?: boolean;
  /** The password's wrapper ('mb-3'). */
  passwordClassName?: string;
}

/** The user and password of a login, with what the browser's password manager reads. */
export function CredentialFields({
  ids: [userId, passwordId],
  username,
  onUsername,
  password,
  onPassword,
  usernameHint,
  required,
  autoFocusPassword,
  passwordClassName = 'mb-3',
}: Props) {
  return (
    <>
      <TextField
        id={userId}
        label="Usuario"
        className="mb-3"
        autoComplete="username"
        required={required}
        value={username}
        onChange={onUsername}
      >
        {usernameHint}
      </TextField>
      <TextField
        id={passwordId}
        label="Contraseña"
        className={passwordClassName}
        type="password"
        autoComplete="current-password"
        required={required}
        autoFocus={autoFocusPassword}
        value={password}
        onChange={onPassword}
      />
    </>
  );
}
