import { useState } from 'react';
import { useAvisarMutation, useOrdenTrabajoMutation, type Canal, type Trabajo } from '../api/jobs';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { newIdempotencyKey } from '../lib/idempotency';
import { MESSAGES, OTRO_CORREO_CONFIRM, PROBLEMS, TITLES } from './messages';
import { refused } from './refused';
import { correoRepetido, puedeAvisar, whatsappUrl } from './rules';

/**
 * Telling the customer, once the glasses are ready ('Anteojo Terminado', the server's rule; until
 * then both notices wait and say why): 'Avisar por WhatsApp' records the notice and opens the
 * chat with the server's ready-made message; 'Avisar por correo' asks the server to send the mail
 * (the notices table shows when it went), and asks first when the customer already has a mail of
 * this job (`correoRepetido`). One Idempotency-Key per notice asked for, the same on a retry.
 * Also the printable work order and the public status link. `destacado`: the glasses just became
 * ready, so the notice is offered first.
 */
export function NoticeActions({ trabajo: t, destacado }: { trabajo: Trabajo; destacado: boolean }) {
  const [avisar, sending] = useAvisarMutation();
  const [orden, downloading] = useOrdenTrabajoMutation();
  const [keys, setKeys] = useState<Record<Canal, string>>(() => ({
    EMAIL: newIdempotencyKey(),
    WHATSAPP: newIdempotencyKey(),
  }));
  // Every notice says the glasses are ready: the server takes them only then (and only then
  // offers the chat's link).
  const listo = puedeAvisar(t.estado);
  const whatsapp = whatsappUrl(t.whatsapp);
  const whyNot = !listo ? 'avisos-no-listo' : whatsapp ? undefined : 'sin-whatsapp';

  const notify = async (canal: Canal) => {
    if (sending.isLoading) return;
    if (canal === 'EMAIL' && correoRepetido(t.avisos)) {
      if (!(await confirmWith(OTRO_CORREO_CONFIRM))) return;
    }
    try {
      const answer = await avisar({ id: t.id, body: { canal }, idempotencyKey: keys[canal] }).unwrap();
      // Asked for: the next click is another notice.
      setKeys((k) => ({ ...k, [canal]: newIdempotencyKey() }));
      if (canal === 'WHATSAPP') {
        const link = whatsappUrl(answer.trabajo?.whatsapp) ?? whatsapp;
        if (link) window.open(link, '_blank', 'noopener');
      } else {
        void alert('success', TITLES.aviso, answer.mensaje);
      }
    } catch (error) {
      refused(error);
    }
  };

  const download = async () => {
    try {
      await orden(t.id).unwrap();
      void alert('success', TITLES.exito, MESSAGES.ordenDescargada);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <div
      className={destacado ? 'alert alert-success mb-3' : 'mb-3'}
      data-testid="avisos-acciones"
      role={destacado ? 'status' : undefined}
    >
      {destacado && <p className="fw-semibold mb-2">{MESSAGES.listo}</p>}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button
          type="button"
          className={`btn ${destacado ? 'btn-success btn-lg' : 'btn-outline-success'}`}
          disabled={!listo || !whatsapp || sending.isLoading}
          aria-describedby={whyNot}
          onClick={() => void notify('WHATSAPP')}
        >
          Avisar por WhatsApp
        </button>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!listo || sending.isLoading}
          aria-describedby={listo ? undefined : 'avisos-no-listo'}
          onClick={() => void notify('EMAIL')}
        >
          Avisar por correo
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={downloading.isLoading}
          onClick={() => void download()}
        >
          Orden de trabajo (PDF)
        </button>
        <a href={t.enlace} target="_blank" rel="noopener noreferrer">
          Ver estado del pedido
        </a>
      </div>
      {!listo && (
        <p className="small text-muted mb-0 mt-1" id="avisos-no-listo">
          {PROBLEMS.noListo}
        </p>
      )}
      {listo && !whatsapp && (
        <p className="small text-muted mb-0 mt-1" id="sin-whatsapp">
          {MESSAGES.sinWhatsapp}
        </p>
      )}
    </div>
  );
}
