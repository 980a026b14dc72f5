import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetMovimientoQuery } from '../../api/movements';
import { formatFecha } from '../../lib/dates';
import { money } from '../../lib/money';
import { formatEntero } from '../../lib/numbers';
import { useCashDesk } from '../../ui/cashDesk';
import { ventaNumero } from '../../lib/names';
import { MESSAGES } from './messages';
import { adicionalesDe, isSale, productosDe } from './rules';
import { ReturnDialog } from './ReturnDialog';

/** One refund of the sale, read on its own: its date, amount and branch, linked to its screen. */
function RefundItem({ id }: { id: number }) {
  const { data } = useGetMovimientoQuery(id);
  return (
    <li data-testid={`devolucion-${id}`}>
      <Link to={`/editarMovimiento/${id}`}>Devolución #{id}</Link>
      {data && (
        <>
          {' · '}
          {formatFecha(data.fecha)} · Reintegro {money(data.total)}
          {data.local ? ` · ${data.local.nombre}` : ''}
        </>
      )}
    </li>
  );
}

/** The sale a refund returned, by its receipt's number (by its id when it has none). */
function RefundedSale({ id, comprobante }: { id: number; comprobante?: string | null }) {
  return (
    <Link to={`/editarMovimiento/${id}`} className="alert-link">
      {ventaNumero({ comprobante }, id)}
    </Link>
  );
}

/** Under a movement's form: for a sale, what its returns took back, links to their refunds and
 * 'Devolver productos'; for a refund, the sale it returned. */
export function MovementReturns({ id }: { id: number }) {
  const { data: venta } = useGetMovimientoQuery(id);
  const [open, setOpen] = useState(false);
  const desk = useCashDesk();

  if (!venta) return null;
  if (venta.devolucionDe != null) {
    return (
      <p className="alert alert-info mt-4" data-testid="devolucion-de">
        Devolución de la venta <RefundedSale id={venta.devolucionDe} comprobante={venta.devolucionDeComprobante} />: los
        productos volvieron al stock y el reintegro salió de la caja. No se edita ni se elimina.
      </p>
    );
  }
  if (!isSale(venta)) return null;

  const productos = productosDe(venta).filter((p) => p.devueltas > 0);
  const adicionales = adicionalesDe(venta).filter((a) => a.devuelto);
  const quedan = productosDe(venta).some((p) => p.quedan > 0) || adicionalesDe(venta).some((a) => !a.devuelto);
  // Part of a covered sale's money is the obra social's: the server refuses its returns for now,
  // so the button says why before the dialog is filled in.
  const cubierta = venta.cobertura != null;
  const porQue = cubierta ? MESSAGES.conCobertura : !quedan ? MESSAGES.nadaQueDevolver : null;
  return (
    <section className="card mt-4" aria-labelledby="devoluciones-title">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-2">
          <h3 className="h5 mb-0" id="devoluciones-title">
            Devoluciones
          </h3>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={porQue !== null}
            onClick={() => setOpen(true)}
            aria-describedby={porQue === null ? undefined : 'devoluciones-nada'}
          >
            Devolver productos
          </button>
        </div>
        {porQue !== null && (
          <p className="small text-muted" id="devoluciones-nada">
            {porQue}
          </p>
        )}
        {venta.devoluciones.length === 0 ? (
          <p className="text-muted mb-0">{MESSAGES.sinDevoluciones}</p>
        ) : (
          <>
            <p className="mb-1">Volvieron:</p>
            <ul className="mb-2" data-testid="devuelto">
              {productos.map((p) => (
                <li key={`p-${p.productoId}`}>
                  {p.modelo}
                  {p.marca ? ` (${p.marca})` : ''}: {formatEntero(p.devueltas)} de {formatEntero(p.vendidas)}
                </li>
              ))}
              {adicionales.map((a) => (
                <li key={`a-${a.posicion}`}>{a.descripcion}</li>
              ))}
            </ul>
            <ul className="list-unstyled mb-0">
              {venta.devoluciones.map((refund) => (
                <RefundItem key={refund} id={refund} />
              ))}
            </ul>
          </>
        )}
      </div>
      {open && <ReturnDialog venta={venta} {...desk} onClose={() => setOpen(false)} />}
    </section>
  );
}
