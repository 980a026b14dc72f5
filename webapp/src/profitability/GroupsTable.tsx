import type { Agrupar, Cifras, GrupoRentabilidad } from '../api/profitability';
import { money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { DataTable, type Column } from '../ui/DataTable';
import { MESSAGES } from './messages';
import { porcentaje, tablaNombre, tituloDe } from './rules';

/** A loss reads red. */
const red = (value: number | null | undefined) => ((value ?? 0) < 0 ? 'text-danger' : undefined);

/** The figures' columns, the same for a group and for the total. */
const FIGURES: { header: string; cell: (c: Cifras) => string; className?: (c: Cifras) => string | undefined }[] = [
  { header: 'Unidades', cell: (c) => formatEntero(c.unidades) },
  { header: 'Ingresos', cell: (c) => money(c.ingresos) },
  { header: 'Costo', cell: (c) => money(c.costo) },
  { header: 'Margen', cell: (c) => money(c.margen), className: (c) => red(c.margen) },
  { header: 'Margen %', cell: (c) => porcentaje(c.margenPorcentaje), className: (c) => red(c.margenPorcentaje) },
];

/** One row per group in the server's order (products' groups first, 'Detalles adicionales' last,
 * months in order), then the period's total. */
export function GroupsTable({
  agrupar,
  grupos,
  totales,
}: {
  agrupar: Agrupar;
  grupos: readonly GrupoRentabilidad[];
  totales: Cifras;
}) {
  const columns: Column<GrupoRentabilidad>[] = [
    { header: tituloDe(agrupar), cell: (g) => g.grupo },
    ...FIGURES.map((f): Column<GrupoRentabilidad> => ({
      header: f.header,
      align: 'md-end',
      className: (g) => ['text-nowrap', f.className?.(g)].filter(Boolean).join(' '),
      cell: f.cell,
    })),
  ];
  return (
    <DataTable
      label={tablaNombre(agrupar)}
      rows={grupos}
      columns={columns}
      rowKey={(g) => g.grupo}
      variant="table-sm table-striped table-hover"
      empty={<p className="text-muted">{MESSAGES.sinVentas}</p>}
      foot={
        <tr className="table-light fw-bold">
          {/* No label: on a phone the word takes the card's whole line. */}
          <td>Total</td>
          {FIGURES.map((f) => (
            <td
              key={f.header}
              data-label={f.header}
              className={['text-md-end text-nowrap', f.className?.(totales)].filter(Boolean).join(' ')}
            >
              {f.cell(totales)}
            </td>
          ))}
        </tr>
      }
    />
  );
}
