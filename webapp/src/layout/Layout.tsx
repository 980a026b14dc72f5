import { Outlet } from 'react-router-dom';
import { whatsappLink } from '../app/shop';
import { useAppSelector } from '../app/store';
import { useTiendaQuery } from '../api/shop';
import { isAdmin } from '../session/sessionSlice';
import { Header } from './Header';
import { Menu } from './Menu';
import { WHATSAPP_ROOM, WhatsappButton, whatsappNumber } from './WhatsappButton';

/** The frame of every screen: header, menu, the page, and the WhatsApp button for non-admins
 * when the shop has a WhatsApp number (`GET /api/tienda`; none while it loads or if it fails: no
 * placeholder number is ever offered). The button floats in the bottom corner; the page then ends
 * with room for it, so the last buttons of a form (Guardar, Crear Paciente) scroll clear of it
 * instead of lying underneath, and from 576 px up the main column keeps clear of its side. */
export function Layout() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: tienda } = useTiendaQuery();
  const number = admin ? null : whatsappNumber(tienda);
  return (
    <>
      <Header />
      <Menu />
      <main className={number ? `container py-4 ${WHATSAPP_ROOM}` : 'container py-4'}>
        <Outlet />
      </main>
      {number && <WhatsappButton href={whatsappLink(number)} />}
    </>
  );
}
