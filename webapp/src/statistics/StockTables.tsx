import type { StockPorMaterial } from '../api/statistics';
import { formatEntero } from '../lib/numbers';
import { MESSAGES } from './messages';
import type { LocalStockPacientes } from './rules';

/** Σ stock per material at the chosen branch (all branches added up by material name). */
export function StockPorMaterialTable({ rows, local }: { rows: StockPorMaterial[]; local: string }) {
  return (
    <table className="table table-sm table-striped caption-top mb-0" aria-label="Stock por material">
      <caption>
        Stock por material <span className="text-muted small">({local})</span>
      </caption>
      <thead>
        <tr>
          <th scope="col">Material</th>
          <th scope="col" className="text-end">
            Stock
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2} className="text-muted">
              {MESSAGES.sinStock}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.materialNombre}>
              <td>{r.materialNombre}</td>
              <td className="text-end">{formatEntero(r.stockTotal)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Every branch's stock and patients, joined by branch name. */
export function StockYPacientesTable({ rows }: { rows: LocalStockPacientes[] }) {
  return (
    <table className="table table-sm table-striped caption-top mb-0">
      <caption>Stock y pacientes por local</caption>
      <thead>
        <tr>
          <th scope="col">Local</th>
          <th scope="col" className="text-end">
            Stock
          </th>
          <th scope="col" className="text-end">
            Pacientes
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="text-muted">
              {MESSAGES.sinLocales}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.localNombre}>
              <td>{r.localNombre}</td>
              <td className="text-end">{formatEntero(r.stockTotal)}</td>
              <td className="text-end">{formatEntero(r.cantidadPacientes)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
