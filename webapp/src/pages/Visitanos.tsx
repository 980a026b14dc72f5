import { useTiendaQuery } from '../api/shop';
import { branches } from '../app/shop';

interface Branch {
  name: string;
  description?: string;
  address: string;
  map: string;
}

/** Route visitanos, public: the shop's branches with a map link each, as the server lists them
 * (`/api/tienda`); the build-time list of src/app/shop.ts while it loads, if it fails, or if the
 * shop has no branch registered yet. */
export function Visitanos() {
  const { data } = useTiendaQuery();
  const fromServer: Branch[] = (data?.locales ?? []).map((l) => ({
    name: l.nombre,
    address: l.direccion ?? '',
    map: l.mapa,
  }));
  const shown: Branch[] = fromServer.length > 0 ? fromServer : branches;
  return (
    <section>
      <h2 className="mb-4">VISITANOS</h2>
      <div className="row g-3">
        {shown.map((b) => (
          <div className="col-md-6" key={b.name}>
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h5 card-title">{b.name}</h3>
                {b.description && <p className="card-subtitle text-muted mb-2">{b.description}</p>}
                {b.address && <p className="card-text">{b.address}</p>}
                <a className="btn btn-primary" href={b.map} target="_blank" rel="noreferrer">
                  Ver en el mapa
                </a>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
