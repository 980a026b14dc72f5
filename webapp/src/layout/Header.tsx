import { Link, useNavigate } from 'react-router-dom';
import { alert } from '../app/alerts';
import { shopContact, whatsappLink } from '../app/shop';
import { useAppDispatch, useAppSelector } from '../app/store';
import { endSession } from '../api/base';
import { useTiendaQuery } from '../api/shop';
import { isAuthenticated } from '../session/sessionSlice';

/** The shop's name and contact links on the left (the server's `GET /api/tienda`, the build-time
 * values while it loads), the session on the right (its room left empty while this tab waits for the
 * other tabs' answer or a lapsed session waits for the password). */
export function Header() {
  const session = useAppSelector((s) => s.session);
  // Nothing of the session while this tab asks the other tabs for theirs, nor while the re-login
  // dialog asks for the password over a form (its 'Salir sin guardar' is the way out there).
  const waiting = session.phase === 'waiting' || session.lapsed;
  const { data: tienda } = useTiendaQuery();
  const shop = shopContact(tienda);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logout = () => {
    endSession(dispatch);
    navigate('/login');
    void alert('success', 'SE HA CERRADO SESIÓN');
  };

  return (
    <header className="bg-light border-bottom small">
      <div className="container-fluid d-flex flex-wrap align-items-center justify-content-between py-1 gap-2">
        <div className="d-flex flex-wrap gap-3">
          <strong data-testid="shop-name">{shop.name}</strong>
          <a href={shop.instagram} target="_blank" rel="noreferrer">
            Instagram
          </a>
          <a href={shop.facebook} target="_blank" rel="noreferrer">
            Facebook
          </a>
          <Link to="/visitanos">Visitanos</Link>
          <a href={whatsappLink(shop.whatsapp)} target="_blank" rel="noreferrer">
            {shop.phone}
          </a>
        </div>
        <div className="d-flex align-items-center gap-2">
          {waiting ? (
            // Its room is kept, unseen: on a phone this part wraps to a line of its own, and
            // taking that line only when the wait ends moved the page under a finger already
            // tapping a button.
            <span className="btn btn-sm invisible" aria-hidden="true">
              Iniciar sesión
            </span>
          ) : isAuthenticated(session) ? (
            <>
              <span data-testid="greeting">
                HOLA <strong>{session.username}</strong>
              </span>
              <button type="button" className="btn btn-outline-danger btn-sm" onClick={logout}>
                Cerrar sesión
              </button>
            </>
          ) : (
            <Link className="btn btn-outline-primary btn-sm" to="/login">
              Iniciar sesión
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
