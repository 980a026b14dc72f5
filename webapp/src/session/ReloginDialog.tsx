import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../api/auth';
import { api, endSession, errorStatus } from '../api/base';
import { alert } from '../app/alerts';
import { useAppDispatch, useAppSelector } from '../app/store';
import { Modal } from '../ui/Modal';
import { SubmitButton } from '../ui/SubmitButton';
import { CredentialFields, useCredentials } from './CredentialFields';
import { SESSION_MESSAGES as M } from './messages';
import { loggedIn, sessionFromToken } from './sessionSlice';
import { discardUnsavedChanges } from './unsaved';

/**
 * Over a form whose session lapsed (the token ran out or was refused while it held unsaved
 * changes): logs in again in place, so the form keeps what was typed and Guardar can be pressed
 * again. The same user only: another user's login discards the form first and says so, and
 * 'Salir sin guardar' ends the session and goes to login.
 */
export function ReloginDialog() {
  const before = useAppSelector((s) => s.session.username);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const { username, password, missing, fields } = useCredentials(before);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing || isLoading) return;
    setProblem(null);
    try {
      const token = (await login({ username: username.trim(), password }).unwrap()).access_token;
      const next = sessionFromToken(token);
      if (next.username === before) {
        dispatch(loggedIn(token));
        return;
      }
      // Another user: what the first one typed is not theirs to save.
      discardUnsavedChanges();
      await navigate('/inicio');
      dispatch(api.util.resetApiState());
      dispatch(loggedIn(token));
      void alert('info', M.sesionIniciada, M.otroUsuario(next.username, before));
    } catch (error) {
      const status = errorStatus(error);
      const description = (error as { data?: { error_description?: string } }).data?.error_description;
      setProblem(
        status === 400
          ? M.credencialesIncorrectas
          : status === 429
            ? (description ?? M.demasiadosIntentos)
            : M.sinConexion,
      );
    }
  };

  const leave = () => {
    discardUnsavedChanges();
    endSession(dispatch, 'refused');
    void navigate('/login');
  };

  return (
    <Modal
      titleId="relogin-title"
      title={M.reloginTitulo}
      onSubmit={submit}
      footer={
        <>
          {missing && (
            <span id="relogin-motivo" className="small text-body-secondary me-auto" role="status">
              {missing}
            </span>
          )}
          <button type="button" className="btn btn-outline-secondary" onClick={leave}>
            Salir sin guardar
          </button>
          <SubmitButton
            className="btn btn-primary"
            problemsId="relogin-motivo"
            problems={missing ? [missing] : []}
            busy={isLoading}
          >
            Ingresar
          </SubmitButton>
        </>
      }
    >
      <p>{M.reloginTexto}</p>
      <CredentialFields
        ids={['relogin-usuario', 'relogin-contrasena']}
        {...fields}
        usernameHint={
          username.trim() !== before && <div className="form-text text-warning-emphasis">{M.reloginOtroUsuario}</div>
        }
        autoFocusPassword
        passwordClassName="mb-2"
      />
      {problem && (
        <div className="alert alert-danger py-2 mb-0" role="alert">
          {problem}
        </div>
      )}
    </Modal>
  );
}
