import { Outlet } from 'react-router-dom';
import { whatsappLink } from '../app/shop';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import { Header } from './Header';
import { Menu } from './Menu';

/** The frame of every screen: header, menu, the page, and the WhatsApp button for non-admins. */
export function Layout() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  return (
    <>
      <Header />
      <Menu />
      <main className="container py-4">
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
