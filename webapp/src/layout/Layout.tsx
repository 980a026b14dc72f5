import { Outlet, useMatches } from 'react-router-dom';
import { whatsappLink } from '../app/shop';
import { useAppSelector } from '../app/store';
import { useTiendaQuery } from '../api/shop';
import { hasAnyRole } from '../session/sessionSlice';
import { Header } from './Header';
import { Menu } from './Menu';
import { WHATSAPP_ROOM, WhatsappButton, whatsappNumber } from './WhatsappButton';

/** The `handle` of a route the customers see (the landing, the catalogue, the shop's pages, an
 * order's status): the routes that show the WhatsApp button. */
export const PUBLIC_PAGE = { publica: true } as const;

const isPublic = (handle: unknown) => (handle as Partial<typeof PUBLIC_PAGE> | undefined)?.publica === true;

/** The frame of every screen: header, menu, the page, and the WhatsApp button. The button is the
 * customers' way to write to the shop: it shows on the public pages (`PUBLIC_PAGE`) to whoever
 * is not staff, never on a staff screen nor to a logged-in staff member, whose buttons it would
 * cover; and only when the shop has a WhatsApp number (`GET /api/tienda`; none while it loads or
 * if it fails: no placeholder number is ever offered). It floats in the bottom corner; the page
 * then ends with room for it, so the last controls scroll clear of it instead of lying
 * underneath, and from 576 px up the main column keeps clear of its side. */
export function Layout() {
  const staff = useAppSelector((s) => hasAnyRole(s.session));
  const publica = useMatches().some((m) => isPublic(m.handle));
  const { data: tienda } = useTiendaQuery();
  const number = staff || !publica ? null : whatsappNumber(tienda);
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
