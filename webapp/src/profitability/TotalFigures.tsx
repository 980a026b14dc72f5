import type { Cifras, GrupoRentabilidad } from '../api/profitability';
import { money } from '../lib/money';
import { porcentaje, sinCostoAviso } from './rules';

interface Figure {
  id: string;
  label: string;
  value: string;
  /** A loss reads red. */
  negative?: boolean;
}

/** The period's four figures, the card surcharges apart (financial income, not in the margin),
 * and the warning when some lines had no recorded cost. */
export function TotalFigures({
  totales,
  grupos,
  recargosTarjeta,
}: {
  totales: Cifras;
  grupos: readonly GrupoRentabilidad[];
  recargosTarjeta: number;
}) {
  const figures: Figure[] = [
    { id: 'rentabilidadIngresos', label: 'Ingresos', value: money(totales.ingresos) },
    { id: 'rentabilidadCosto', label: 'Costo', value: money(totales.costo) },
    { id: 'rentabilidadMargen', label: 'Margen', value: money(totales.margen), negative: totales.margen < 0 },
    {
      id: 'rentabilidadMargenPorcentaje',
      label: 'Margen %',
      value: porcentaje(totales.margenPorcentaje),
      negative: (totales.margenPorcentaje ?? 0) < 0,
    },
  ];
  const aviso = sinCostoAviso(totales, grupos);
  return (
    <section className="card mb-3" aria-labelledby="rentabilidad-totales-title">
      <div className="card-body">
        <h3 className="h6" id="rentabilidad-totales-title">
          Totales del período
        </h3>
        <dl className="row mb-2">
          {figures.map((f) => (
            <div className="col-12 col-sm-6 col-lg-3" key={f.id}>
              <dt className="small">{f.label}</dt>
              <dd id={f.id} className={`fs-5 fw-bold text-break mb-1${f.negative ? ' text-danger' : ''}`}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mb-0" id="rentabilidadRecargos">
          Recargos de tarjeta (ingreso financiero): <strong>{money(recargosTarjeta)}</strong>
        </p>
        {aviso && (
          <p className="alert alert-warning small mt-2 mb-0" role="note" id="rentabilidadSinCosto">
            {aviso}
          </p>
        )}
      </div>
    </section>
  );
}
