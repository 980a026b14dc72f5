import { Link } from 'react-router-dom';
import { useLazyLibroStockQuery, useLibroStockQuery, type AsientoStock } from '../api/audit';
import { errorText, handledElsewhere } from '../api/base';
import { formatInstant } from '../lib/dates';
import { AuditRows } from './AuditRows';
import { AsOfControl } from './AsOfControl';
import { MESSAGES, TITLES } from './messages';
import { signed, stockAlMomento } from './stock';

function LedgerTable({ asientos }: { asientos: AsientoStock[] }) {
  return (
    <AuditRows
      empty={MESSAGES.libroVacio}
      label={TITLES.libroStock}
      rows={asientos}
      rowKey={(a, index) => `${a.registrado}-${a.localId}-${index}`}
      columns={[
        { header: 'Fecha', className: 'text-nowrap', cell: (a) => formatInstant(a.registrado) },
        { header: 'Local', cell: (a) => a.localNombre ?? a.localId },
        { header: 'Motivo', cell: (a) => a.motivo },
        {
          header: 'Cantidad',
          align: 'end',
          className: (a) => (a.cantidad < 0 ? 'text-danger' : 'text-success'),
          cell: (a) => signed(a.cantidad),
        },
        { header: 'Stock', align: 'end', cell: (a) => a.stock },
        { header: 'Referencia', className: 'text-nowrap', cell: (a) => <Referencia asiento={a} /> },
        { header: 'Nota', cell: (a) => a.nota ?? '' },
        { header: 'Usuario', cell: (a) => a.usuario },
      ]}
    />
  );
}

/** What a stock change came from: its movement (a sale by its receipt), its transfer or its count. */
function Referencia({ asiento: a }: { asiento: AsientoStock }) {
  return (
    <>
      {a.movimientoId != null && (
        <Link to={`/editarMovimiento/${a.movimientoId}`}>
          {a.comprobante ? `Venta ${a.comprobante}` : `Movimiento #${a.movimientoId}`}
        </Link>
      )}
      {a.transferenciaId != null && (
        <Link to={`/transferencias/${a.transferenciaId}`}>Transferencia #{a.transferenciaId}</Link>
      )}
      {a.conteoId != null && <Link to={`/conteos/${a.conteoId}`}>Conteo #{a.conteoId}</Link>}
    </>
  );
}

function StockAsOf({ asientos }: { asientos: AsientoStock[] }) {
  const stock = stockAlMomento(asientos);
  if (stock.length === 0) return <p className="text-muted">{MESSAGES.stockMomentoVacio}</p>;
  return (
    <table className="table table-sm table-bordered w-auto" aria-label={TITLES.stockAlMomento}>
      <thead>
        <tr>
          <th>Local</th>
          <th className="text-end">Stock</th>
        </tr>
      </thead>
      <tbody>
        {stock.map((s) => (
          <tr key={s.localId}>
            <td>{s.localNombre}</td>
            <td className="text-end">{s.stock}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A product's stock changes per branch, oldest first, each with the branch's resulting stock,
 * what it came from (a movement, a transfer) and an adjustment's note, and every branch's stock
 * at a chosen moment. Admins only: the server refuses the rest. */
export function StockLedger({ productoId }: { productoId: number }) {
  const ledger = useLibroStockQuery({ productoId }, { refetchOnMountOrArgChange: true });
  const [verMomento, momento] = useLazyLibroStockQuery();

  const failed = ledger.isError && !handledElsewhere(ledger.error);
  const momentoFailed = momento.isError && !handledElsewhere(momento.error);

  return (
    <section className="mt-4" aria-labelledby="libro-stock">
      <h3 className="h4" id="libro-stock">
        {TITLES.libroStock}
      </h3>
      {ledger.isFetching && !ledger.currentData && <p className="text-muted">{MESSAGES.cargando}</p>}
      {failed && <p className="alert alert-danger">{MESSAGES.libroFallo}</p>}
      {!failed && ledger.currentData && <LedgerTable asientos={ledger.currentData} />}
      <AsOfControl
        id="stockMomento"
        label="Fecha y hora del stock"
        button="Ver stock al momento"
        busy={momento.isFetching}
        onSubmit={(hasta) => void verMomento({ productoId, hasta })}
      />
      {momento.isFetching && <p className="text-muted">{MESSAGES.cargando}</p>}
      {momentoFailed && <p className="alert alert-warning">{errorText(momento.error) ?? MESSAGES.libroFallo}</p>}
      {!momento.isFetching && !momento.isError && momento.currentData && <StockAsOf asientos={momento.currentData} />}
    </section>
  );
}
