import type { Cantidad, TotalGanado, VentasDelDia } from '../api/statistics';
import { money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { CobrosPorMetodoPanel, VentasPorDiaPanel } from './ChartPanels';
import { cobrosPorMetodo, metodoTotales, resumenVentas, type StatisticsFiltro } from './rules';

/** One card per payment method: what came in, what went out, and the difference. */
export function MethodCards({ totales }: { totales: TotalGanado }) {
  const metodos = metodoTotales(totales);
  if (metodos.length === 0) return null;
  return (
    <>
      {metodos.map(({ metodo, entrada, salida, neto }) => (
        <div className="col-sm-6 col-lg-3" key={metodo}>
          <article className="card h-100" aria-label={`Método ${metodo}`}>
            <div className="card-body">
              <h3 className="h6 card-title">{metodo}</h3>
              <dl className="row mb-0 small">
                <dt className="col-6">Entrada</dt>
                <dd className="col-6 text-end text-success mb-1">{money(entrada)}</dd>
                <dt className="col-6">Salida</dt>
                <dd className="col-6 text-end text-danger mb-1">{money(salida)}</dd>
                <dt className="col-6">Neto</dt>
                <dd className={`col-6 text-end fw-bold mb-0${neto < 0 ? ' text-danger' : ''}`}>{money(neto)}</dd>
              </dl>
            </div>
          </article>
        </div>
      ))}
    </>
  );
}

/** Units sold in the period. */
export function QuantityCard({ cantidad }: { cantidad: Cantidad }) {
  return (
    <div className="col-sm-6 col-lg-3">
      <article className="card h-100 border-primary" aria-labelledby="cantidad-title">
        <div className="card-body">
          <h3 className="h6 card-title" id="cantidad-title">
            Unidades vendidas
          </h3>
          <output className="d-block fs-3 fw-bold" aria-label="Cantidad vendida">
            {formatEntero(cantidad.total)}
          </output>
        </div>
      </article>
    </div>
  );
}

/** The period's sales in figures, then the two charts. */
export function SalesBlock({
  dias,
  totales,
  filtro,
}: {
  dias: VentasDelDia[];
  totales: TotalGanado | undefined;
  filtro: StatisticsFiltro;
}) {
  const resumen = resumenVentas(dias);
  return (
    <>
      <section className="card mb-3" aria-labelledby="datos-ventas-title">
        <div className="card-body">
          <h3 className="h6" id="datos-ventas-title">
            Datos de ventas
          </h3>
          <dl className="row mb-0">
            <div className="col-sm-6 col-md-3">
              <dt className="small">Ventas</dt>
              <dd className="mb-1">{formatEntero(resumen.ventas)}</dd>
            </div>
            <div className="col-sm-6 col-md-3">
              <dt className="small">Total vendido</dt>
              <dd className="mb-1 fw-bold">{money(resumen.total)}</dd>
            </div>
            <div className="col-sm-6 col-md-3">
              <dt className="small">Promedio por venta</dt>
              <dd className="mb-1">{money(resumen.promedio)}</dd>
            </div>
            <div className="col-sm-6 col-md-3">
              <dt className="small">Días con ventas</dt>
              <dd className="mb-1">{resumen.diasConVentas}</dd>
            </div>
          </dl>
        </div>
      </section>
      <div className="row g-3 mb-3">
        <div className="col-lg-7">
          <VentasPorDiaPanel dias={dias} fechaInicio={filtro.fechaInicio} fechaFin={filtro.fechaFin} />
        </div>
        <div className="col-lg-5">
          <CobrosPorMetodoPanel data={totales ? cobrosPorMetodo(totales) : []} />
        </div>
      </div>
    </>
  );
}
