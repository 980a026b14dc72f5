import { formatPesos } from '../lib/money';
import { MESSAGES } from './messages';
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

/** A method's expected figure opens its breakdown; the total's is only a figure. */
const esperado = (onOpen: (fila: Fila) => void): Column<Row> => ({
  header: 'Esperado',
  align: 'md-end',
  className: 'text-nowrap',
  cell: (r) =>
    r.total || r.metodoPagoId === undefined ? (
      formatPesos(r.esperado)
    ) : (
      <button
        type="button"
        className="btn btn-link p-0 align-baseline text-nowrap"
        // The name says what the button does and still holds the figure it shows.
        aria-label={`${MESSAGES.verDetalle(r.metodo)}: ${formatPesos(r.esperado)}`}
        title={MESSAGES.verDetalle(r.metodo)}
        onClick={() => onOpen(r as Fila)}
      >
        {formatPesos(r.esperado)}
      </button>
    ),
});

const columns = (onOpen: (fila: Fila) => void): Column<Row>[] => [
  {
    header: 'Método de pago',
    label: 'Método',
    className: (r) => (r.total ? undefined : 'fw-semibold'),
    cell: (r) => r.metodo,
  },
  pesos('Fondo', 'fondo'),
  esperado(onOpen),
  pesos('Contado', 'contado'),
  { header: 'Diferencia', align: 'md-end', cell: (r) => <Diferencia cents={r.diferencia} /> },
];

/** Per payment method the float, the expected figure (which opens what makes it up), what was
 * counted and the difference, with their total; one card per method on a phone. */
export function DayFigures({ rows, onEsperado }: { rows: Fila[]; onEsperado: (fila: Fila) => void }) {
  const all: Row[] = [...rows, { ...totalFilas(rows), metodo: 'Total', total: true }];
  return (
    <DataTable
      label="Resultado del conteo"
      rows={all}
      columns={columns(onEsperado)}
      rowKey={(r) => r.metodoPagoId ?? 'total'}
      rowClassName={(r) => (r.total ? 'fw-bold' : r.diferencia < 0 ? 'table-danger' : undefined)}
    />
  );
}
