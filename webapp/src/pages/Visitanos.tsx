import { branches } from '../app/shop';

export function Visitanos() {
  return (
    <section>
      <h2 className="mb-4">VISITANOS</h2>
      <div className="row g-3">
        {branches.map((b) => (
          <div className="col-md-6" key={b.name}>
            <div className="card h-100">
              <div className="card-body">
                <h3 className="h5 card-title">{b.name}</h3>
                <p className="card-subtitle text-muted mb-2">{b.description}</p>
                <p className="card-text">{b.address}</p>
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
