import { formatPesos } from '../lib/money';
import { MESSAGES } from './messages';
import { abreDetalle, contadaEntera, diferenciaNota, totalFilas, type Fila } from './rules';
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

type Figures = Omit<Fila, 'key' | 'metodoPagoId' | 'cuotas' | 'metodo'>;
/** A line's figures, or their total (the last row). */
type Row = Figures & { metodo: string; fila?: Fila; total?: boolean };

const pesos = (header: string, key: keyof Figures): Column<Row> => ({
  header,
  align: 'md-end',
  className: 'text-nowrap',
  cell: (r) => formatPesos(r[key]),
});

/** A line's expected figure opens its breakdown; the total's is only a figure, and so is a plan's
 * of a card counted whole (its figure is on the card's line, zero here). */
const esperado = (rows: Fila[], onOpen: (fila: Fila) => void): Column<Row> => ({
  header: 'Esperado',
  align: 'md-end',
  className: 'text-nowrap',
  cell: ({ fila, esperado }) =>
    !fila || !abreDetalle(rows, fila) ? (
      formatPesos(esperado)
    ) : (
      <button
        type="button"
        className="btn btn-link p-0 align-baseline text-nowrap"
        // The name says what the button does and still holds the figure it shows.
        aria-label={`${MESSAGES.verDetalle(fila.metodo)}: ${formatPesos(esperado)}`}
        title={MESSAGES.verDetalle(fila.metodo)}
        onClick={() => onOpen(fila)}
      >
        {formatPesos(esperado)}
      </button>
    ),
});

const columns = (rows: Fila[], onOpen: (fila: Fila) => void): Column<Row>[] => [
  {
    header: 'Método de pago',
    label: 'Método',
    className: (r) => (r.total ? undefined : 'fw-semibold'),
    cell: (r) => r.metodo,
  },
  pesos('Fondo', 'fondo'),
  esperado(rows, onOpen),
  pesos('Contado', 'contado'),
  { header: 'Diferencia', align: 'md-end', cell: (r) => <Diferencia cents={r.diferencia} /> },
];

/** Per line (each payment method, and each plan of a card) the float, the expected figure (which
 * opens what makes it up), what was counted and the difference, with their total; one card per
 * line on a phone. Under it, why a card counted whole shows zero on its plans (said apart, so
 * each row reads as its line's name and figures). */
export function DayFigures({ rows, onEsperado }: { rows: Fila[]; onEsperado: (fila: Fila) => void }) {
  const all: Row[] = [
    ...rows.map((fila) => ({ ...fila, fila })),
    { ...totalFilas(rows), metodo: 'Total', total: true },
  ];
  const enteras = rows.filter((r) => contadaEntera(rows, r));
  return (
    <>
      <DataTable
        label="Resultado del conteo"
        rows={all}
        columns={columns(rows, onEsperado)}
        rowKey={(r) => r.fila?.key ?? 'total'}
        rowClassName={(r) => (r.total ? 'fw-bold' : r.diferencia < 0 ? 'table-danger' : undefined)}
      />
      {enteras.map((r) => (
        <p key={r.key} className="small text-muted">
          {MESSAGES.contadaEntera(r.metodo)}
        </p>
      ))}
    </>
  );
}
