import type { Nombrado } from '../api/types';
import '../ui/stackedTable.css';
import { formatFechaHora, localMinute, sameMinute } from '../lib/dates';
import { formatPesos, PESOS } from '../lib/money';
import { NumberInput } from '../ui/NumberInput';
import { MESSAGES } from './messages';
import {
  addPago,
  pagosEfectivos,
  removePago,
  setMetodoPago,
  setMonto,
  setMontoImpuesto,
  type MovementForm,
  type Totales,
} from './rules';

interface Props {
  form: MovementForm;
  metodos: Nombrado[];
  totales: Totales;
  onChange: (form: MovementForm) => void;
}

/** The payments: method, monto (credited against the debt) and montoImpuesto (charged, surcharge
 * included), each marked full or not; those made in the movement's minute are highlighted. A
 * SALIDA is paid by its first payment for the whole total, so those amounts are not typed. */
export function Payments({ form, metodos, totales, onChange }: Props) {
  const salida = form.tipo === 'SALIDA';
  const highlight = salida ? 'table-danger' : 'table-success';
  const pagos = pagosEfectivos(form);

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Pagos</legend>
      <div className="mb-2">
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={metodos.length === 0}
          onClick={() => onChange(addPago(form, metodos, localMinute(new Date())))}
        >
          Agregar pago
        </button>
      </div>
      {pagos.length === 0 ? (
        <p className="text-muted">{MESSAGES.sinPagosCargados}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle table-stacked" aria-label="Pagos">
            <thead>
              <tr>
                <th>Método de pago</th>
                <th>Monto</th>
                <th>Monto con recargo</th>
                <th>Fecha</th>
                <th>Completo</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {pagos.map((p, i) => {
                const n = i + 1;
                const fixed = salida && i === 0;
                return (
                  <tr
                    key={p.key}
                    className={sameMinute(p.fecha, form.fecha) ? highlight : undefined}
                    data-testid={`pago-${i}`}
                  >
                    <td data-label="Método de pago">
                      <select
                        id={`metodoPago-${i}`}
                        className="form-select form-select-sm"
                        aria-label={`Método de pago ${n}`}
                        value={p.metodoPago?.id ?? ''}
                        onChange={(e) =>
                          onChange(
                            setMetodoPago(form, p.key, metodos.find((m) => String(m.id) === e.target.value) ?? null),
                          )
                        }
                      >
                        {p.metodoPago === null && <option value="">Seleccione un método</option>}
                        {p.metodoPago && !metodos.some((m) => m.id === p.metodoPago!.id) && (
                          <option value={p.metodoPago.id}>{p.metodoPago.nombre}</option>
                        )}
                        {metodos.map((m) => (
                          <option key={m.id} value={m.id}>
                            {m.nombre}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td data-label="Monto">
                      <div className="flex-grow-1">
                        <NumberInput
                          id={`monto-${i}`}
                          small
                          rule={PESOS}
                          show={formatPesos}
                          aria-label={`Monto ${n}`}
                          readOnly={fixed}
                          value={p.monto}
                          onValueChange={(text) => onChange(setMonto(form, p.key, text))}
                        />
                      </div>
                    </td>
                    <td data-label="Monto con recargo">
                      <div className="flex-grow-1">
                        <NumberInput
                          id={`montoImpuesto-${i}`}
                          small
                          rule={PESOS}
                          show={formatPesos}
                          aria-label={`Monto con recargo ${n}`}
                          readOnly={fixed}
                          value={p.montoImpuesto}
                          onValueChange={(text) => onChange(setMontoImpuesto(form, p.key, text))}
                        />
                      </div>
                    </td>
                    <td data-label="Fecha" className="text-nowrap">
                      {formatFechaHora(p.fecha)}
                    </td>
                    <td data-label="Completo">
                      {totales.completo ? (
                        <span className="text-success fs-5" role="img" aria-label="Pago completo" title="Pago completo">
                          ✔
                        </span>
                      ) : (
                        <span
                          className="text-danger fs-5"
                          role="img"
                          aria-label="Pago incompleto"
                          title="Pago incompleto"
                        >
                          ✘
                        </span>
                      )}
                    </td>
                    <td data-label="">
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        aria-label={`Quitar pago ${n}`}
                        onClick={() => onChange(removePago(form, p.key))}
                      >
                        Quitar
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {totales.excede && (
        <div className="alert alert-warning py-2" role="alert">
          {MESSAGES.pagosExceden}
        </div>
      )}
    </fieldset>
  );
}
