import { Outlet } from 'react-router-dom';
import { whatsappLink } from '../app/shop';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import { Header } from './Header';
import { Menu } from './Menu';

/** The WhatsApp button's height and margins, and a little air. */
const ROOM_FOR_WHATSAPP = { paddingBottom: '5rem' };

/** The frame of every screen: header, menu, the page, and the WhatsApp button for non-admins.
 * The button floats in the bottom corner; the page ends with room for it, so the last buttons of
 * a form (Guardar, Crear Paciente) scroll clear of it instead of lying underneath. */
export function Layout() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  return (
    <>
      <Header />
      <Menu />
      <main className="container py-4" style={admin ? undefined : ROOM_FOR_WHATSAPP}>
        <Outlet />
      </main>
      {!admin && (
        <a
          className="btn btn-success rounded-pill position-fixed bottom-0 end-0 m-3 shadow"
          href={whatsappLink()}
          target="_blank"
          rel="noreferrer"
          data-testid="whatsapp"
        >
          WhatsApp
        </a>
      )}
    </>
  );
}
