import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { handledElsewhere } from '../../api/base';
import { useCreateMovimientoMutation, useUpdateMovimientoMutation, type Movimiento } from '../../api/movements';
import { alert } from '../../app/alerts';
import { newIdempotencyKey } from '../../lib/idempotency';
import { MESSAGES, TITLES } from './messages';
import { type MovementForm } from './rules';
import { SIN_DATOS, totalesConCobertura, type DatosCobertura } from './coverage';
import { blocks, canSave, movimientoBody, saveFailure, saveProblem } from './saving';

/** Where the form returns: the cash-box list. */
export const LIST_PATH = '/adminitrarCaja';

/** Saving the form: what stops it is told first, in one pop-up, and nothing is sent; then the create
 * or the update (guarded by the version read); success returns to the list. */
export function useSaveMovement(movimiento: Movimiento | undefined, onSaved: () => void = () => {}) {
  const navigate = useNavigate();
  // Made once per opened form: a double click or a retry creates one movement.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [create, creating] = useCreateMovimientoMutation();
  const [update, updating] = useUpdateMovimientoMutation();
  const saving = creating.isLoading || updating.isLoading;
  const edit = movimiento !== undefined;

  const save = async (form: MovementForm, datos: DatosCobertura = SIN_DATOS) => {
    if (!canSave(form, datos) || saving) return;
    const problem = saveProblem(form, datos);
    if (problem === 'sinPagos') {
      void alert('warning', TITLES.validacion, MESSAGES.sinPagos);
      return;
    }
    if (problem === 'descuentoTotalCero') {
      void alert('warning', TITLES.descuento, MESSAGES.descuentoTotalCero);
      return;
    }
    if (problem === 'excede' && blocks(form, problem)) {
      // The server's own rule, for ENTRADA and SALIDA alike: one message, nothing sent.
      const t = totalesConCobertura(form, datos);
      const text = t.obraSocialCents > 0 ? MESSAGES.pagosExcedenParte(t.pacienteCents) : MESSAGES.pagosExceden;
      void alert('warning', TITLES.advertencia, text);
      return;
    }
    const body = movimientoBody(form, datos);
    try {
      const answer = movimiento
        ? // The version read guards the save: a form opened before another change gets 409.
          await update({ id: movimiento.id, body: { ...body, version: movimiento.version } }).unwrap()
        : await create({ body, idempotencyKey }).unwrap();
      void alert('success', edit ? TITLES.actualizado : TITLES.creado, answer.mensaje);
      onSaved();
      navigate(LIST_PATH);
    } catch (error) {
      if (handledElsewhere(error)) return;
      const failure = saveFailure(error) ?? {
        title: TITLES.error,
        text: edit ? MESSAGES.actualizarFallo : MESSAGES.crearFallo,
      };
      void alert('error', failure.title, failure.text);
    }
  };

  return { save, saving };
}
