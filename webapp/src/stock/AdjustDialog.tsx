import { useEffect, useState, type FormEvent } from 'react';
import { useAjustarStockMutation, useMotivosStockQuery } from '../api/stock';
import { alert } from '../app/alerts';
import { newIdempotencyKey } from '../lib/idempotency';
import { formatEntero } from '../lib/numbers';
import { NumberInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { ajusteBody, ajusteInicial, ajusteProblems, CANTIDAD_AJUSTE, stockResultante, type Ajuste } from './rules';

interface Props {
  productoId: number;
  modelo: string;
  localId: number;
  localNombre: string;
  /** The branch's stock now. */
  stock: number;
  onClose: () => void;
  /** After the server took the adjustment. */
  onSaved?: () => void;
}

/** 'Ajustar stock' of one product at one branch (admins): the reason from the server's list, the
 * signed quantity (a reason that only takes out says so) and a note. */
export function AdjustDialog({ productoId, modelo, localId, localNombre, stock, onClose, onSaved }: Props) {
  const motivos = useMotivosStockQuery();
  const [ajuste, setAjuste] = useState<Ajuste>(ajusteInicial);
  const [ajustar, sending] = useAjustarStockMutation();
  // Made once per opened dialog: a double click or a retry after a lost answer writes off once;
  // the dialog opened again is a new adjustment.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const lista = motivos.data ?? [];
  const problems = ajusteProblems(ajuste, lista, stock, modelo);
  const motivo = lista.find((m) => m.motivo === ajuste.motivo);
  const resultante = stockResultante(stock, ajuste);
  const set = (change: Partial<Ajuste>) => setAjuste((a) => ({ ...a, ...change }));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !sending.isLoading) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, sending.isLoading]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0 || sending.isLoading) return;
    try {
      const answer = await ajustar({ productoId, body: ajusteBody(localId, ajuste), idempotencyKey }).unwrap();
      onClose();
      onSaved?.();
      void alert('success', TITLES.ajustado, answer.mensaje);
    } catch (error) {
      refused(error);
    }
  };

  const titleId = `ajuste-title-${productoId}-${localId}`;
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal-dialog modal-dialog-centered modal-dialog-scrollable">
          <form className="modal-content" aria-label="Ajustar stock" onSubmit={submit} noValidate>
            <div className="modal-header">
              <h3 className="modal-title h5" id={titleId}>
                Ajustar stock de {modelo} en {localNombre}
              </h3>
              <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
            </div>
            <div className="modal-body">
              <p data-testid="ajuste-stock">Stock actual: {formatEntero(stock)}</p>
              {motivos.isError && <p className="alert alert-danger">{MESSAGES.motivosFallo}</p>}
              <div className="mb-3">
                <label htmlFor="ajusteMotivo" className="form-label">
                  Motivo
                </label>
                <select
                  id="ajusteMotivo"
                  className="form-select"
                  value={ajuste.motivo}
                  onChange={(e) => set({ motivo: e.target.value })}
                >
                  <option value="">Elegí el motivo</option>
                  {lista.map((m) => (
                    <option key={m.motivo} value={m.motivo}>
                      {m.nombre}
                    </option>
                  ))}
                </select>
              </div>
              <div className="mb-3">
                <label htmlFor="ajusteCantidad" className="form-label">
                  Cantidad
                </label>
                <NumberInput
                  id="ajusteCantidad"
                  rule={CANTIDAD_AJUSTE}
                  value={ajuste.cantidad}
                  onValueChange={(cantidad) => set({ cantidad })}
                  placeholder={motivo?.resta ? '-1' : '0'}
                  aria-describedby="ajusteCantidadAyuda"
                />
                <div className="form-text" id="ajusteCantidadAyuda" data-testid="ajuste-regla">
                  {motivo?.resta ? MESSAGES.resta(motivo.nombre) : MESSAGES.sumaOResta}
                  {resultante !== null && ` ${MESSAGES.queda(resultante)}.`}
                </div>
              </div>
              <div className="mb-3">
                <label htmlFor="ajusteNota" className="form-label">
                  Nota (opcional)
                </label>
                <textarea
                  id="ajusteNota"
                  className="form-control"
                  rows={2}
                  value={ajuste.nota}
                  onChange={(e) => set({ nota: e.target.value })}
                />
              </div>
            </div>
            <div className="modal-footer d-block">
              <div className="d-flex gap-2 justify-content-end">
                <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                  Cancelar
                </button>
                <button
                  type="submit"
                  className="btn btn-primary"
                  disabled={problems.length > 0 || sending.isLoading}
                  aria-describedby={problems.length > 0 ? 'ajuste-problems' : undefined}
                >
                  {sending.isLoading ? MESSAGES.enviando : 'Ajustar'}
                </button>
              </div>
              <SaveProblems id="ajuste-problems" problems={problems} />
            </div>
          </form>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
