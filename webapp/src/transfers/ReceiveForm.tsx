import { useState } from 'react';
import { useRecibirTransferenciaMutation, type Transferencia } from '../api/transfers';
import { alert } from '../app/alerts';
import { formatEntero, WHOLE } from '../lib/numbers';
import { NumberInput } from '../ui/NumberInput';
import { SendButton } from '../ui/SubmitButton';
import { submitter } from '../ui/submit';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { hayFaltante, recepcionBody, recepcionInicial, recepcionProblems, type Recepcion } from './rules';

/** 'Recibir' at the destination: what arrived per product (what was sent, to start with) and,
 * when less arrived, the reason of the shortfall, as the server requires. */
export function ReceiveForm({ transferencia: t }: { transferencia: Transferencia }) {
  const [recepcion, setRecepcion] = useState<Recepcion>(() => recepcionInicial(t));
  const [recibir, sending] = useRecibirTransferenciaMutation();
  const problems = recepcionProblems(t, recepcion);
  const faltante = hayFaltante(t, recepcion);

  const submit = submitter(
    problems.length > 0 || sending.isLoading,
    async () => {
      const answer = await recibir({ id: t.id, body: recepcionBody(t, recepcion) }).unwrap();
      void alert('success', TITLES.recibida, answer.mensaje);
    },
    refused,
  );

  return (
    <form className="card" aria-label="Recibir transferencia" onSubmit={submit} noValidate>
      <div className="card-body">
        <h3 className="h5">Recibir</h3>
        <p className="small text-muted">{MESSAGES.recibirAyuda}</p>
        {t.lineas.map((l) => (
          <div className="row g-2 align-items-center mb-2" key={l.productoId}>
            <label className="col-7 col-form-label" htmlFor={`recibir-${l.productoId}`}>
              {l.modelo} {l.marca && <span className="text-muted">({l.marca})</span>}
              <span className="d-block small text-muted">Enviadas {formatEntero(l.cantidad)}</span>
            </label>
            <div className="col-5">
              <NumberInput
                id={`recibir-${l.productoId}`}
                rule={WHOLE}
                value={recepcion.recibidas[l.productoId] ?? ''}
                onValueChange={(text) =>
                  setRecepcion((r) => ({ ...r, recibidas: { ...r.recibidas, [l.productoId]: text } }))
                }
                aria-label={`Recibidas de ${l.modelo}`}
              />
            </div>
          </div>
        ))}
        <div className="mb-3">
          <label htmlFor="recepcionMotivo" className="form-label">
            Motivo del faltante{faltante ? '' : ' (solo si llegaron menos)'}
          </label>
          <input
            id="recepcionMotivo"
            className={`form-control${faltante && !recepcion.motivo.trim() ? ' is-invalid' : ''}`}
            value={recepcion.motivo}
            onChange={(e) => setRecepcion((r) => ({ ...r, motivo: e.target.value }))}
          />
        </div>
        <SendButton id="recepcion-problems" className="btn btn-success" problems={problems} sending={sending.isLoading}>
          Recibir
        </SendButton>
      </div>
    </form>
  );
}
