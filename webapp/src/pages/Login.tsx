import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../api/auth';
import { errorStatus } from '../api/base';
import { alert } from '../app/alerts';
import { useAppDispatch, useAppSelector } from '../app/store';
import { CredentialFields, useCredentials } from '../session/CredentialFields';
import { SESSION_MESSAGES } from '../session/messages';
import { isAuthenticated, loggedIn, sessionFromToken } from '../session/sessionSlice';
import { SubmitButton } from '../ui/SubmitButton';
import { MESSAGES, TITLES } from './messages';

export function Login() {
  const session = useAppSelector((s) => s.session);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const { username, password, missing, fields } = useCredentials();

  // Opening the login page while logged in says so; a login in another tab later just leaves
  // (one here navigates by itself, with its welcome).
  const authenticated = isAuthenticated(session);
  const [arrivedAuthenticated] = useState(authenticated);
  useEffect(() => {
    if (!authenticated) return;
    if (arrivedAuthenticated) void alert('info', TITLES.login, MESSAGES.yaAutenticado(session.username));
    navigate('/inicio');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authenticated]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (username.trim() === '' || password.trim() === '') {
      void alert('error', TITLES.camposVacios, MESSAGES.camposVacios);
      return;
    }
    try {
      const answer = await login({ username: username.trim(), password }).unwrap();
      const next = sessionFromToken(answer.access_token);
      dispatch(loggedIn(answer.access_token));
      navigate('/inicio');
      void alert('success', TITLES.login, MESSAGES.bienvenida(next.username));
    } catch (error) {
      if (errorStatus(error) === 400) {
        void alert('error', TITLES.errorLogin, MESSAGES.credencialesIncorrectas);
      } else if (errorStatus(error) === 429) {
        // Too many failed attempts: the server says how long to wait.
        const data = (error as { data?: { error_description?: string } }).data;
        void alert('error', TITLES.errorLogin, data?.error_description ?? MESSAGES.demasiadosIntentos);
      } else if (errorStatus(error) !== 401) {
        void alert('error', TITLES.errorLogin, MESSAGES.sinConexion);
      }
    }
  };

  return (
    <div className="row justify-content-center">
      <div className="col-sm-8 col-md-5">
        <div className="card shadow-sm">
          <div className="card-body">
            <h2 className="card-title text-center mb-4">Iniciar Sesión</h2>
            {session.ended === 'otherTab' && (
              <div className="alert alert-info py-2" role="status" data-testid="session-notice">
                {SESSION_MESSAGES.cerradaEnOtraPestana}
              </div>
            )}
            <form onSubmit={submit} noValidate>
              <CredentialFields ids={['username', 'password']} {...fields} required />
              <SubmitButton
                className="btn btn-primary w-100"
                problemsId="login-motivo"
                problems={missing ? [missing] : []}
                busy={isLoading}
              >
                Iniciar Sesión
              </SubmitButton>
              {missing && (
                <div id="login-motivo" className="small text-body-secondary mt-2 text-center" role="status">
                  {missing}
                </div>
              )}
            </form>
          </div>
        </div>
      </div>
    </div>
  );
}
