import type { ReactNode } from 'react';
import { useTiendaQuery } from '../api/shop';
import { useAppSelector } from '../app/store';
import { hasAnyRole } from '../session/sessionSlice';
import { Carousel } from './Carousel';
import { BANNERS } from './messages';

/** Visitors and users without roles see the storefront; staff see `staffView` (the router gives
 * the catalogue). The 'cuotas sin interés' banner says what the cards offer today, from the plans
 * the admin keeps (`GET /api/tienda`): none while it is not known, or when no card offers any. */
export function Inicio({ staffView }: { staffView: ReactNode }) {
  const staff = useAppSelector((s) => hasAnyRole(s.session));
  const { data: tienda } = useTiendaQuery(undefined, { skip: staff });
  if (staff) return staffView;
  const cuotas = tienda?.cuotasSinInteres;
  const banners = typeof cuotas === 'number' ? [...BANNERS.fijos, BANNERS.cuotas(cuotas)] : BANNERS.fijos;
  return (
    <>
      <Carousel />
      <div className="row g-3" data-testid="banners">
        {banners.map((b) => (
          <div className={banners.length === 3 ? 'col-md-4' : 'col-md-6'} key={b.title}>
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
