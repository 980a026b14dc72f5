import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useEncargarTrabajoMutation, useTrabajoEstadosQuery } from '../api/jobs';
import { useCristalesVentaMutation, useGetMovimientoQuery } from '../api/movements';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import { alert } from '../app/alerts';
import { submitter } from '../ui/submit';
import { EstadoBadge } from './EstadoBadge';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { ordenBody, ordenProblems, ordenVacia, type Orden } from './rules';
import { OrderSend } from './OrderFields';

/** 'Encargar al laboratorio': the lab, the promised day, the tray and the notes. The server
 * decides whether the sale has lenses, and says so when it does not. */
function OrderJob({ movimientoId }: { movimientoId: number }) {
  const [orden, setOrden] = useState<Orden>(ordenVacia);
  const [encargar, sending] = useEncargarTrabajoMutation();
  const problems = ordenProblems(orden);

  const submit = submitter(
    problems.length > 0 || sending.isLoading,
    async () => {
      // The sale's cached read takes the job's state from the answer (api/jobs.ts).
      const answer = await encargar({ movimientoId, ...ordenBody(orden) }).unwrap();
      void alert('success', TITLES.encargado, answer.mensaje);
    },
    refused,
  );

  return (
    <form aria-label="Encargar al laboratorio" onSubmit={submit} noValidate>
      <p className="small text-muted mb-2">{MESSAGES.ventaSinTrabajo}</p>
      <h4 className="h6">Encargar al laboratorio</h4>
      <OrderSend orden={orden} set={setOrden} prefix="encargo" problems={problems} sending={sending.isLoading}>
        Encargar
      </OrderSend>
    </form>
  );
}

/** Admins: a sale saved before its products' category was marked as lenses records them now
 * (the server says when there is nothing to record). */
function RecordLenses({ id }: { id: number }) {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const [registrar, sending] = useCristalesVentaMutation();
  if (!admin) return null;
  const submit = submitter(
    sending.isLoading,
    async () => {
      const answer = await registrar(id).unwrap();
      void alert('success', TITLES.cristales, answer.mensaje);
    },
    refused,
  );
  return (
    <form className="mt-3" aria-label="Registrar cristales en la ficha" onSubmit={submit} noValidate>
      <p className="small text-muted mb-1">{MESSAGES.cristalesDespues}</p>
      <button type="submit" className="btn btn-outline-secondary btn-sm" disabled={sending.isLoading}>
        Registrar cristales en la ficha
      </button>
    </form>
  );
}

/** Under a sale's form: its lab job's state (the sale's own read says it, `trabajo`, in the
 * server's words of `/api/trabajos/estados`) and a link to it, or, for a sale without one, the
 * form that orders it. Nothing for a movement that is no sale, nor for a walk-in sale without a
 * patient and without a job: the lab works from a patient's prescription, and such a sale
 * (sunglasses, a case) leaves delivered. */
export function SaleJob({ id }: { id: number }) {
  const { data: venta } = useGetMovimientoQuery(id);
  const esVenta =
    venta?.tipoMovimiento === 'ENTRADA' && venta.devolucionDe == null && (venta.paciente != null || !!venta.trabajo);
  const estados = useTrabajoEstadosQuery(undefined, { skip: !esVenta });
  if (!venta || !esVenta) return null;
  const estado = venta.trabajo ?? null;
  // The key itself only if the server's states could not be read or do not name it.
  const etiqueta = estados.data?.find((e) => e.clave === estado)?.etiqueta ?? (estados.isLoading ? null : estado);

  return (
    <section className="card mt-4" aria-labelledby="trabajo-title" data-testid="trabajo-venta">
      <div className="card-body">
        <h3 className="h5" id="trabajo-title">
          Trabajo de laboratorio
        </h3>
        {estado ? (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span>{MESSAGES.trabajoDeLaVenta}</span>
            {etiqueta && <EstadoBadge etiqueta={etiqueta} estado={estado} />}
            <Link className="btn btn-outline-primary btn-sm" to={`/trabajos/${id}`}>
              Ver trabajo
            </Link>
          </div>
        ) : (
          <>
            <OrderJob movimientoId={id} />
            <RecordLenses id={id} />
          </>
        )}
      </div>
    </section>
  );
}
