import { formatPesos } from '../lib/money';
import { diferenciaNota, totalFilas, type Fila } from './rules';
import '../ui/stackedTable.css';

/** A difference: its amount and, beside it, 'Falta' or 'Sobra'; a shortfall in red. */
export function Diferencia({ cents }: { cents: number }) {
  const tone = cents < 0 ? 'text-danger fw-bold' : cents > 0 ? 'text-warning-emphasis fw-bold' : 'text-success';
  return (
    <span className={`text-nowrap ${tone}`} data-testid="diferencia">
      {formatPesos(cents)} <span className="small">({diferenciaNota(cents)})</span>
    </span>
  );
}

/** Per payment method the float, the expected figure, what was counted and the difference, with
 * their total; one card per method on a phone. */
export function DayFigures({ rows }: { rows: Fila[] }) {
  const total = totalFilas(rows);
  return (
    <div className="table-responsive">
      <table className="table align-middle table-stacked" aria-label="Resultado del conteo">
        <thead>
          <tr>
            <th scope="col">Método de pago</th>
            <th scope="col" className="text-md-end">
              Fondo
            </th>
            <th scope="col" className="text-md-end">
              Esperado
            </th>
            <th scope="col" className="text-md-end">
              Contado
            </th>
            <th scope="col" className="text-md-end">
              Diferencia
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.metodoPagoId} className={r.diferencia < 0 ? 'table-danger' : undefined}>
              <td data-label="Método" className="fw-semibold">
                {r.metodo}
              </td>
              <td data-label="Fondo" className="text-md-end text-nowrap">
                {formatPesos(r.fondo)}
              </td>
              <td data-label="Esperado" className="text-md-end text-nowrap">
                {formatPesos(r.esperado)}
              </td>
              <td data-label="Contado" className="text-md-end text-nowrap">
                {formatPesos(r.contado)}
              </td>
              <td data-label="Diferencia" className="text-md-end">
                <Diferencia cents={r.diferencia} />
              </td>
            </tr>
          ))}
          <tr className="fw-bold">
            <td data-label="Método">Total</td>
            <td data-label="Fondo" className="text-md-end text-nowrap">
              {formatPesos(total.fondo)}
            </td>
            <td data-label="Esperado" className="text-md-end text-nowrap">
              {formatPesos(total.esperado)}
            </td>
            <td data-label="Contado" className="text-md-end text-nowrap">
              {formatPesos(total.contado)}
            </td>
            <td data-label="Diferencia" className="text-md-end">
              <Diferencia cents={total.diferencia} />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
