import type { ReactNode } from 'react';
import type { StockPorMaterial } from '../api/statistics';
import { formatEntero } from '../lib/numbers';
import { MESSAGES } from './messages';
import type { LocalStockPacientes } from './rules';

interface SummaryProps {
  label?: string;
  caption: ReactNode;
  /** The name column's header, then the figures' headers. */
  headers: [string, ...string[]];
  /** One row per name: the name, then its figures. */
  rows: [string, ...number[]][];
  /** Said in a single row when there is none. */
  empty: string;
}

/** A small striped table: a name and its figures, right-aligned, per row. */
function SummaryTable({ label, caption, headers, rows, empty }: SummaryProps) {
  const [name, ...figures] = headers;
  return (
    <table className="table table-sm table-striped caption-top mb-0" aria-label={label}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{name}</th>
          {figures.map((h) => (
            <th scope="col" className="text-end" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={headers.length} className="text-muted">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map(([key, ...values]) => (
            <tr key={key}>
              <td>{key}</td>
              {values.map((v, i) => (
                <td className="text-end" key={headers[i + 1]}>
                  {formatEntero(v)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Σ stock per material at the chosen branch (all branches added up by material name). */
export function StockPorMaterialTable({ rows, local }: { rows: StockPorMaterial[]; local: string }) {
  return (
    <SummaryTable
      label="Stock por material"
      caption={
        <>
          Stock por material <span className="text-muted small">({local})</span>
        </>
      }
      headers={['Material', 'Stock']}
      rows={rows.map((r) => [r.materialNombre, r.stockTotal])}
      empty={MESSAGES.sinStock}
    />
  );
}

/** Every branch's stock and patients, joined by branch name. */
export function StockYPacientesTable({ rows }: { rows: LocalStockPacientes[] }) {
  return (
    <SummaryTable
      caption="Stock y pacientes por local"
      headers={['Local', 'Stock', 'Pacientes']}
      rows={rows.map((r) => [r.localNombre, r.stockTotal, r.cantidadPacientes])}
      empty={MESSAGES.sinLocales}
    />
  );
}
