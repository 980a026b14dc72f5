import type { ReactNode } from 'react';
import { useTiendaQuery } from '../api/shop';
import { useAppSelector } from '../app/store';
import { hasAnyRole } from '../session/sessionSlice';
import { Carousel } from './Carousel';
import { BANNERS } from './messages';

/** Visitors and users without roles see the storefront; staff see `staffView` (the router gives
 * the catalogue). Three banners, as the specification draws them; the third says what the cards
 * offer today without surcharge, from the plans the admin keeps (`GET /api/tienda`), and promises
 * no cuotas while that is not known or when no card offers any. */
export function Inicio({ staffView }: { staffView: ReactNode }) {
  const staff = useAppSelector((s) => hasAnyRole(s.session));
  const { data: tienda } = useTiendaQuery(undefined, { skip: staff });
  if (staff) return staffView;
  const cuotas = tienda?.cuotasSinInteres;
  const banners = [...BANNERS.fijos, typeof cuotas === 'number' ? BANNERS.cuotas(cuotas) : BANNERS.sinCuotas];
  return (
    <>
      <Carousel />
      <div className="row g-3" data-testid="banners">
        {banners.map((b) => (
          <div className="col-md-4" key={b.title}>
            <div className="card h-100 text-center border-primary">
              <div className="card-body">
                <h3 className="h5 card-title">{b.title}</h3>
                <p className="card-text">{b.text}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
