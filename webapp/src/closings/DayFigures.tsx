import { formatPesos } from '../lib/money';
import { diferenciaNota, totalFilas, type Fila } from './rules';
import { DataTable, type Column } from '../ui/DataTable';

/** A difference: its amount and, beside it, 'Falta' or 'Sobra'; a shortfall in red. */
export function Diferencia({ cents }: { cents: number }) {
  const tone = cents < 0 ? 'text-danger fw-bold' : cents > 0 ? 'text-warning-emphasis fw-bold' : 'text-success';
  return (
    <span className={`text-nowrap ${tone}`} data-testid="diferencia">
      {formatPesos(cents)} <span className="small">({diferenciaNota(cents)})</span>
    </span>
  );
}

type Figures = Omit<Fila, 'metodoPagoId' | 'metodo'>;
/** A method's figures, or their total (the last row). */
type Row = Figures & { metodo: string; metodoPagoId?: number; total?: boolean };

const pesos = (header: string, key: keyof Figures): Column<Row> => ({
  header,
  align: 'md-end',
  className: 'text-nowrap',
  cell: (r) => formatPesos(r[key]),
});

const COLUMNS: Column<Row>[] = [
  {
    header: 'Método de pago',
    label: 'Método',
    className: (r) => (r.total ? undefined : 'fw-semibold'),
    cell: (r) => r.metodo,
  },
  pesos('Fondo', 'fondo'),
  pesos('Esperado', 'esperado'),
  pesos('Contado', 'contado'),
  { header: 'Diferencia', align: 'md-end', cell: (r) => <Diferencia cents={r.diferencia} /> },
];

/** Per payment method the float, the expected figure, what was counted and the difference, with
 * their total; one card per method on a phone. */
export function DayFigures({ rows }: { rows: Fila[] }) {
  const all: Row[] = [...rows, { ...totalFilas(rows), metodo: 'Total', total: true }];
  return (
    <DataTable
      label="Resultado del conteo"
      rows={all}
      columns={COLUMNS}
      rowKey={(r) => r.metodoPagoId ?? 'total'}
      rowClassName={(r) => (r.total ? 'fw-bold' : r.diferencia < 0 ? 'table-danger' : undefined)}
    />
  );
}
