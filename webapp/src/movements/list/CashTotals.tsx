import { useState } from 'react';
import { handledElsewhere } from '../../api/base';
import {
  useFiltrarMovimientosCompletoQuery,
  useTotalesMovimientosQuery,
  type MovimientoFiltro,
} from '../../api/movements';
import { formatFecha } from '../../lib/dates';
import { money } from '../../lib/money';
import { inMethodOrder, usePaymentMethods } from '../../ui/paymentMethods';
import { MESSAGES } from './messages';
import { sumasDelDia } from './rules';

/** Admins: all-time cash per payment method of the chosen branch, hidden like a password until
 * the eye button shows it. */
export function AdminTotals({ idLocal }: { idLocal: number }) {
  const [shown, setShown] = useState(false);
  const { currentData, isError, error, isFetching } = useTotalesMovimientosQuery(idLocal, {
    refetchOnMountOrArgChange: true,
  });
  // The server answers them by name; shown in the order of its list of methods.
  const totales = inMethodOrder(Object.entries(currentData ?? {}), usePaymentMethods(), ([nombre]) => ({ nombre }));
  const label = shown ? 'Ocultar totales' : 'Mostrar totales';

  return (
    <section className="card mb-3" aria-labelledby="totales-title">
      <div className="card-body">
        <div className="d-flex align-items-center gap-2 mb-2">
          <h3 className="h6 mb-0" id="totales-title">
            Totales por método de pago
          </h3>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={label}
            aria-pressed={shown}
            title={label}
            onClick={() => setShown(!shown)}
          >
            <span aria-hidden="true">{shown ? '🙈' : '👁'}</span>
          </button>
        </div>
        {isError && !handledElsewhere(error) && <p className="alert alert-danger mb-0">{MESSAGES.totalesFallo}</p>}
        {!isError && isFetching && !currentData && <p className="text-muted mb-0">{MESSAGES.cargando}</p>}
        {currentData && (
          <div className="row g-2">
            {totales.map(([metodo, total], i) => (
              <div className="col-sm-6 col-md-3" key={metodo}>
                <label htmlFor={`total-${i}`} className="form-label small mb-0">
                  {metodo}
                </label>
                <input
                  id={`total-${i}`}
                  className="form-control form-control-sm"
                  type={shown ? 'text' : 'password'}
                  readOnly
                  value={money(total)}
                />
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** The chosen day's cash per payment method (+ ENTRADA, − SALIDA) and its grand total, from
 * every row of the filter. */
export function DaySums({ filtro }: { filtro: MovimientoFiltro }) {
  const { currentData, isError, error, isFetching } = useFiltrarMovimientosCompletoQuery(filtro, {
    refetchOnMountOrArgChange: true,
  });
  const metodos = usePaymentMethods();
  const sums = currentData && sumasDelDia(currentData, filtro.fecha, filtro.metodoPago);
  const porMetodo = inMethodOrder(sums?.porMetodo ?? [], metodos, ([nombre]) => ({ nombre }));

  return (
    <section className="card mb-3" aria-labelledby="dia-title">
      <div className="card-body">
        <h3 className="h6" id="dia-title">
          Totales del día {formatFecha(filtro.fecha)}
        </h3>
        {isError && !handledElsewhere(error) && <p className="alert alert-danger mb-0">{MESSAGES.totalesFallo}</p>}
        {!isError && isFetching && !currentData && <p className="text-muted mb-0">{MESSAGES.cargando}</p>}
        {sums && (
          <dl className="row mb-0">
            {porMetodo.map(([metodo, total]) => (
              <div className="col-sm-6 col-md-3" key={metodo}>
                <dt className="small">{metodo}</dt>
                <dd className="mb-1">{money(total)}</dd>
              </div>
            ))}
            <div className="col-sm-6 col-md-3">
              <dt className="small">Total del día</dt>
              <dd className="mb-1 fw-bold">{money(sums.total)}</dd>
            </div>
          </dl>
        )}
      </div>
    </section>
  );
}
