import { formatPesos, sumCents } from '../lib/money';
import { DataTable, type Column } from '../ui/DataTable';
import { ABIERTA } from './messages';
import type { fondoFilas } from './rules';

type Row = ReturnType<typeof fondoFilas>[number] & { total?: boolean };

const COLUMNS: Column<Row>[] = [
  {
    header: 'Método de pago',
    label: 'Método',
    className: (r) => (r.total ? undefined : 'fw-semibold'),
    cell: (r) => r.metodo,
  },
  { header: 'Fondo', align: 'md-end', className: 'text-nowrap', cell: (r) => formatPesos(r.fondo) },
];

/** An open day not counted yet: the float it was opened with, per method and in total, is what
 * the day holds so far (what is expected stays hidden until the blind count). */
export function FloatFigures({ rows }: { rows: ReturnType<typeof fondoFilas> }) {
  const all: Row[] = [
    ...rows,
    { metodoPagoId: 0, metodo: 'Total', fondo: sumCents(rows.map((r) => r.fondo)), total: true },
  ];
  return (
    <div className="card card-body mb-3">
      <h4 className="h6">{ABIERTA.titulo}</h4>
      <DataTable
        label="Fondo de la caja"
        rows={all}
        columns={COLUMNS}
        rowKey={(r) => (r.total ? 'total' : r.metodoPagoId)}
        rowClassName={(r) => (r.total ? 'fw-bold' : undefined)}
      />
      <p className="small text-muted mb-0">{ABIERTA.nota}</p>
    </div>
  );
}
