import { Link } from 'react-router-dom';
import { useLazyLibroStockQuery, useLibroStockQuery, type AsientoStock } from '../api/audit';
import { errorText, handledElsewhere } from '../api/base';
import { formatInstant } from '../lib/dates';
import { AsOfControl } from './AsOfControl';
import { MESSAGES, TITLES } from './messages';
import { signed, stockAlMomento } from './stock';

function LedgerTable({ asientos }: { asientos: AsientoStock[] }) {
  if (asientos.length === 0) return <p className="text-muted">{MESSAGES.libroVacio}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped align-middle" aria-label={TITLES.libroStock}>
        <thead>
          <tr>
            <th>Fecha</th>
            <th>Local</th>
            <th>Motivo</th>
            <th className="text-end">Cantidad</th>
            <th className="text-end">Stock</th>
            <th>Referencia</th>
            <th>Nota</th>
            <th>Usuario</th>
          </tr>
        </thead>
        <tbody>
          {asientos.map((a, index) => (
            <tr key={`${a.registrado}-${a.localId}-${index}`}>
              <td className="text-nowrap">{formatInstant(a.registrado)}</td>
              <td>{a.localNombre ?? a.localId}</td>
              <td>{a.motivo}</td>
              <td className={`text-end ${a.cantidad < 0 ? 'text-danger' : 'text-success'}`}>{signed(a.cantidad)}</td>
              <td className="text-end">{a.stock}</td>
              <td className="text-nowrap">
                {a.movimientoId != null && <Link to={`/editarMovimiento/${a.movimientoId}`}>{a.movimientoId}</Link>}
                {a.transferenciaId != null && (
                  <Link to={`/transferencias/${a.transferenciaId}`}>Transferencia #{a.transferenciaId}</Link>
                )}
              </td>
              <td>{a.nota ?? ''}</td>
              <td>{a.usuario}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
