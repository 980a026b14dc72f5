import { useState } from 'react';
import { useCancelarTransferenciaMutation, useGetTransferenciaQuery, type Transferencia } from '../api/transfers';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { useAppSelector } from '../app/store';
import { formatFechaHora } from '../lib/dates';
import { formatEntero } from '../lib/numbers';
import { CANCEL_CONFIRM, MESSAGES, TITLES } from './messages';
import { ReceiveForm } from './ReceiveForm';
import { StateBadge } from '../ui/StateBadge';
import { refused } from './refused';
import { estadoDe, puedeCancelar, puedeRecibir, unidadesText } from './rules';
import '../ui/stackedTable.css';
import { useRouteRecord } from '../ui/editScreen';
import { RecordScreen } from '../ui/RecordScreen';
import { NotRead } from '../ui/Loaded';

/** 'Cancelar' at the origin while in transit: asked first, with an optional reason. */
function CancelTransfer({ transferencia }: { transferencia: Transferencia }) {
  const [motivo, setMotivo] = useState('');
  const [cancelar, sending] = useCancelarTransferenciaMutation();
  const submit = async () => {
    if (sending.isLoading) return;
    if (!(await confirmWith(CANCEL_CONFIRM))) return;
    const text = motivo.trim();
    try {
      const answer = await cancelar({ id: transferencia.id, body: text ? { motivo: text } : {} }).unwrap();
      void alert('success', TITLES.cancelada, answer.mensaje);
    } catch (error) {
      refused(error);
    }
  };
  return (
    <div className="card mt-3">
      <div className="card-body">
        <h3 className="h5">Cancelar el envío</h3>
        <label htmlFor="cancelacionMotivo" className="form-label">
          Motivo de la cancelación (opcional)
        </label>
        <input
          id="cancelacionMotivo"
          className="form-control mb-2"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
        <button type="button" className="btn btn-outline-danger" disabled={sending.isLoading} onClick={submit}>
          {sending.isLoading ? MESSAGES.enviando : 'Cancelar transferencia'}
        </button>
      </div>
    </div>
  );
}

/**
 * Route transferencias/:id (staff of either branch): the transfer with what was sent and what
 * arrived; 'Recibir' for the destination's staff and 'Cancelar' for the origin's while it is in
 * transit (admins may do both).
 */
export function TransferDetail() {
  const { valid, query, record: t } = useRouteRecord(useGetTransferenciaQuery);
  const session = useAppSelector((s) => s.session);

  if (!t)
    return <NotRead valid={valid} query={query} failed={MESSAGES.transferenciaFallo} loading={MESSAGES.cargando} />;
  const recibida = t.estado === 'RECIBIDA' || t.estado === 'RECIBIDA_CON_FALTANTE';
  return (
    <RecordScreen
      testId="transferencia-datos"
      facts={[
        ['De', t.origen],
        ['A', t.destino],
        [
          'Enviada',
          <>
            {formatFechaHora(t.enviada)} · {unidadesText(t.unidades)}
          </>,
        ],
        !!t.cerrada && [recibida ? 'Recibida' : 'Cancelada', formatFechaHora(t.cerrada)],
        !!t.nota && ['Nota', t.nota],
        !!t.motivo && [recibida ? 'Motivo del faltante' : 'Motivo', t.motivo],
      ]}
      title={`Transferencia #${t.id}`}
      badge={<StateBadge {...estadoDe(t.estado)} />}
      back="/transferencias"
    >
      {puedeRecibir(session, t) ? (
        <ReceiveForm key={t.id} transferencia={t} />
      ) : (
        <div className="table-responsive">
          <table className="table align-middle table-stacked" aria-label="Productos de la transferencia">
            <thead>
              <tr>
                <th>Modelo</th>
                <th>Marca</th>
                <th className="text-md-end">Enviadas</th>
                <th className="text-md-end">Recibidas</th>
              </tr>
            </thead>
            <tbody>
              {t.lineas.map((l) => (
                <tr key={l.productoId}>
                  <td data-label="Modelo">{l.modelo}</td>
                  <td data-label="Marca">{l.marca ?? ''}</td>
                  <td data-label="Enviadas" className="text-md-end">
                    {formatEntero(l.cantidad)}
                  </td>
                  <td
                    data-label="Recibidas"
                    className={`text-md-end${l.recibidas != null && l.recibidas < l.cantidad ? ' text-danger fw-semibold' : ''}`}
                  >
                    {l.recibidas == null ? '—' : formatEntero(l.recibidas)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {t.estado === 'ENVIADA' && !puedeRecibir(session, t) && (
        <p className="text-muted small">{MESSAGES.esperaRecepcion}</p>
      )}
      {puedeCancelar(session, t) && <CancelTransfer transferencia={t} />}
    </RecordScreen>
  );
}
