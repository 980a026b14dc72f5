import type { ReactNode } from 'react';
import { useAppSelector } from '../app/store';
import { hasAnyRole } from '../session/sessionSlice';
import { Carousel } from './Carousel';

const banners = [
  { title: 'VENTA EXCLUSIVA', text: 'Anteojos de sol y anteojos de receta.' },
  { title: 'ENVÍOS A TODO EL PAÍS', text: 'Recibí tu pedido donde estés.' },
  { title: '3 CUOTAS SIN INTERÉS', text: 'Con todas las tarjetas.' },
];

/** Visitors and users without roles see the storefront; staff see `staffView` (the router gives
 * the catalogue). */
export function Inicio({ staffView }: { staffView: ReactNode }) {
  const staff = useAppSelector((s) => hasAnyRole(s.session));
  if (staff) return staffView;
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
