import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useModificarTrabajoMutation, useTrabajoEstadosQuery, useTrabajoQuery, type Trabajo } from '../api/jobs';
import { alert } from '../app/alerts';
import { formatFecha, formatFechaHora } from '../lib/dates';
import { submitter } from '../ui/submit';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { ventaNombre, ventaNumero } from '../lib/names';
import { EstadoBadge } from './EstadoBadge';
import { History, Notices } from './History';
import { MESSAGES, TITLES } from './messages';
import { NoticeActions } from './NoticeActions';
import { OrderSend } from './OrderFields';
import { Prescription } from './Prescription';
import { refused } from './refused';
import { enCamino, modificacionBody, ordenDe, ordenProblems, TERMINADO, type Orden } from './rules';
import { StateChanger } from './StateChanger';
import { useRouteRecord } from '../ui/editScreen';
import { RecordScreen } from '../ui/RecordScreen';
import { NotRead } from '../ui/Loaded';

/** The order's data as the lab was told it, editable: 'Guardar' sends the change. */
function OrderEdit({ trabajo: t }: { trabajo: Trabajo }) {
  const [opened] = useState(() => ordenDe(t));
  const [orden, setOrden] = useState<Orden>(opened);
  const saved = useUnsavedChanges(changed(opened, orden));
  const [modificar, sending] = useModificarTrabajoMutation();
  const problems = ordenProblems(orden);

  const submit = submitter(
    problems.length > 0 || sending.isLoading,
    async () => {
      const answer = await modificar({ id: t.id, body: modificacionBody(orden) }).unwrap();
      saved();
      void alert('success', TITLES.guardado, answer.mensaje);
    },
    refused,
  );

  return (
    <form className="card mb-3" aria-label="Datos del pedido" onSubmit={submit} noValidate>
      <div className="card-body">
        <h3 className="h5">Datos del pedido</h3>
        <OrderSend orden={orden} set={setOrden} prefix="pedido" problems={problems} sending={sending.isLoading}>
          Guardar
        </OrderSend>
      </div>
    </form>
  );
}

/**
 * Route trabajos/:id (staff of its branch, admins): the job of a sale. Its order (editable), the
 * prescription frozen when it was ordered, the frame and lenses, the state changer, the history
 * with the time in each state, the notices to the customer and how they went, the work order PDF
 * and the public status link. Once the glasses are ready, the WhatsApp notice is offered first.
 */
export function JobDetail() {
  const { id, valid, query, record: t } = useRouteRecord(useTrabajoQuery);
  const [recienTerminado, setRecienTerminado] = useState(false);
  // While a mail is on its way, ask again until the server says how it went.
  useTrabajoQuery(id, { skip: !valid || !enCamino(t), pollingInterval: 2000 });
  const { data: estados = [] } = useTrabajoEstadosQuery();

  if (!t) return <NotRead valid={valid} query={query} failed={MESSAGES.trabajoFallo} loading={MESSAGES.cargando} />;
  const destacado = recienTerminado && t.estado === TERMINADO;
  return (
    <RecordScreen
      testId="trabajo-datos"
      facts={[
        [
          'Paciente',
          <>
            {t.pacienteId != null ? <Link to={`/editarPaciente/${t.pacienteId}`}>{t.paciente}</Link> : t.paciente}
            {t.celular ? ` · ${t.celular}` : ''}
          </>,
        ],
        [
          'Venta',
          <>
            <Link to={`/editarMovimiento/${t.id}`}>{ventaNombre(t, t.id)}</Link> · {t.local}
          </>,
        ],
        ['Encargado', formatFechaHora(t.encargado)],
        ['Prometido', formatFecha(t.prometido)],
        ['En el estado desde', formatFechaHora(t.desde)],
      ]}
      title={TITLES.trabajo(ventaNumero(t, t.id))}
      badge={<EstadoBadge etiqueta={t.etiqueta} estado={t.estado} atrasado={t.atrasado} />}
      back="/trabajos"
    >
      <NoticeActions trabajo={t} destacado={destacado} />
      <StateChanger trabajo={t} estados={estados} onTerminado={() => setRecienTerminado(true)} />
      <OrderEdit key={`${t.id}-${t.version}`} trabajo={t} />
      <div className="row g-3 mb-3">
        <div className="col-lg-7">
          <h3 className="h5">Receta</h3>
          {t.receta ? <Prescription receta={t.receta} /> : <p className="text-muted small">{MESSAGES.sinReceta}</p>}
        </div>
        <div className="col-lg-5">
          <h3 className="h5">Armazón</h3>
          <ul data-testid="armazon">
            {t.armazon.map((a, i) => (
              <li key={`${a}-${i}`}>{a}</li>
            ))}
          </ul>
          <h3 className="h5">Cristales</h3>
          <ul data-testid="cristales">
            {t.cristales.map((c, i) => (
              <li key={`${c}-${i}`}>{c}</li>
            ))}
          </ul>
        </div>
      </div>
      <h3 className="h5">Historial</h3>
      <History historial={t.historial} />
      <h3 className="h5">Avisos al cliente</h3>
      <Notices avisos={t.avisos} />
    </RecordScreen>
  );
}
