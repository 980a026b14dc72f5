import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import { useEncargarTrabajoMutation, useTrabajoQuery } from '../api/jobs';
import { useGetMovimientoQuery } from '../api/movements';
import { alert } from '../app/alerts';
import { SaveProblems } from '../ui/SaveProblems';
import { EstadoBadge } from './EstadoBadge';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { ordenBody, ordenProblems, ordenVacia, type Orden } from './rules';
import { OrderFields } from './OrderFields';

/** 'Encargar al laboratorio': the lab, the promised day, the tray and the notes. The server
 * decides whether the sale has lenses, and says so when it does not. */
function OrderJob({ movimientoId, onOrdered }: { movimientoId: number; onOrdered: () => void }) {
  const [orden, setOrden] = useState<Orden>(ordenVacia);
  const [encargar, sending] = useEncargarTrabajoMutation();
  const problems = ordenProblems(orden);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0 || sending.isLoading) return;
    try {
      const answer = await encargar({ movimientoId, ...ordenBody(orden) }).unwrap();
      void alert('success', TITLES.encargado, answer.mensaje);
      onOrdered();
    } catch (error) {
      refused(error);
    }
  };

  return (
    <form aria-label="Encargar al laboratorio" onSubmit={submit} noValidate>
      <p className="small text-muted mb-2">{MESSAGES.ventaSinTrabajo}</p>
      <h4 className="h6">Encargar al laboratorio</h4>
      <OrderFields orden={orden} onChange={(c) => setOrden((o) => ({ ...o, ...c }))} prefix="encargo" />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={problems.length > 0 || sending.isLoading}
        aria-describedby={problems.length > 0 ? 'encargo-problems' : undefined}
      >
        {sending.isLoading ? MESSAGES.enviando : 'Encargar'}
      </button>
      <SaveProblems id="encargo-problems" problems={problems} />
    </form>
  );
}

/** Under a sale's form: its lab job's state and a link to it, or, for a sale without one, the
 * form that orders it. Nothing for a movement that is no sale. */
export function SaleJob({ id }: { id: number }) {
  const { data: venta } = useGetMovimientoQuery(id);
  const esVenta = venta?.tipoMovimiento === 'ENTRADA' && venta.devolucionDe == null;
  const query = useTrabajoQuery(id, { skip: !esVenta, refetchOnMountOrArgChange: true });
  if (!venta || !esVenta) return null;
  const t = query.isError ? undefined : query.currentData;
  const sinTrabajo = query.isError && errorStatus(query.error) === 404;

  return (
    <section className="card mt-4" aria-labelledby="trabajo-title" data-testid="trabajo-venta">
      <div className="card-body">
        <h3 className="h5" id="trabajo-title">
          Trabajo de laboratorio
        </h3>
        {query.isError && !sinTrabajo && !handledElsewhere(query.error) && (
          <p className="alert alert-danger">{errorText(query.error) ?? MESSAGES.trabajoFallo}</p>
        )}
        {!query.isError && !t && <p className="text-muted">{MESSAGES.cargando}</p>}
        {t && (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span>
              {t.laboratorio} · Trabajo #{t.id}
            </span>
            <EstadoBadge etiqueta={t.etiqueta} estado={t.estado} atrasado={t.atrasado} />
            <Link className="btn btn-outline-primary btn-sm" to={`/trabajos/${t.id}`}>
              Ver trabajo
            </Link>
          </div>
        )}
        {sinTrabajo && <OrderJob movimientoId={id} onOrdered={() => void query.refetch()} />}
      </div>
    </section>
  );
}
