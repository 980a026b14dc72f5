import type { Receta } from '../api/jobs';
import { formatFecha } from '../lib/dates';
import { filasReceta, medidasReceta } from './rules';

/** The prescription frozen into the job when it was ordered: far and near per eye, the additions
 * and the measures, as the patient's page wrote them that day. */
export function Prescription({ receta }: { receta: Receta }) {
  const medidas = medidasReceta(receta);
  return (
    <>
      <p className="small text-muted mb-2">Ficha del {formatFecha(receta.fecha)}</p>
      <div className="table-responsive">
        <table className="table table-sm table-bordered align-middle" aria-label="Receta">
          <thead className="table-light">
            <tr>
              <th scope="col">Visión</th>
              <th scope="col">Ojo</th>
              <th scope="col">Esférico</th>
              <th scope="col">Cilíndrico</th>
              <th scope="col">Eje</th>
            </tr>
          </thead>
          <tbody>
            {filasReceta(receta).map((f) => (
              <tr key={`${f.vision}-${f.ojo}`}>
                <th scope="row">{f.vision}</th>
                <th scope="row">{f.ojo}</th>
                <td>{f.esferico}</td>
                <td>{f.cilindrico}</td>
                <td>{f.eje}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {medidas.length > 0 && (
        <dl className="row small mb-0" aria-label="Medidas" data-testid="medidas">
          {medidas.map((m) => (
            <div className="col-6 col-md-3 d-flex gap-1" key={m.nombre}>
              <dt className="fw-semibold">{m.nombre}:</dt>
              <dd className="mb-1">{m.valor}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
