import { useEffect, useState, type FormEvent } from 'react';
import { useCobrarMutation, type Saldo } from '../api/balances';
import type { LookupItem } from '../api/types';
import { alert } from '../app/alerts';
import { alertRefusal } from '../app/refusals';
import { formatFecha } from '../lib/dates';
import { formatPesos, money, PESOS } from '../lib/money';
import { NumberInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES, TITLES } from './messages';
import { cobroBody, cobroInicial, cobroProblems, type Cobro } from './rules';

interface Props {
  saldo: Saldo;
  admin: boolean;
  /** The user's branch (a seller collects there; an admin's default). */
  ownLocalId: number | null;
  locales: LookupItem[];
  metodos: LookupItem[];
  onClose: () => void;
}

/** How a refused payment is told: the server's list of reasons (400), or its message (409). */
const refused = (error: unknown) =>
  alertRefusal(error, {
    error: TITLES.error,
    errorValidacion: TITLES.errorValidacion,
    inesperado: MESSAGES.inesperado,
  });

/** 'Cobrar' on one sale's balance: payment method, amount (the whole debt to start with), the
 * amount charged with a surcharge, and for admins the collecting branch. A dialog over the list,
 * so it reads the same on a phone. */
export function CollectDialog({ saldo, admin, ownLocalId, locales, metodos, onClose }: Props) {
  const [cobro, setCobro] = useState<Cobro>(() =>
    cobroInicial(saldo, metodos[0]?.id ?? 0, admin ? (ownLocalId ?? saldo.localId) : (ownLocalId ?? 0)),
  );
  const [cobrar, sending] = useCobrarMutation();
  // The payment methods may arrive after the dialog opened.
  if (!cobro.metodoPagoId && metodos.length > 0) setCobro({ ...cobro, metodoPagoId: metodos[0].id });
  const problems = cobroProblems(saldo, cobro, admin);
  const set = (change: Partial<Cobro>) => setCobro((c) => ({ ...c, ...change }));

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
      const answer = await cobrar({ idMovimiento: saldo.idMovimiento, body: cobroBody(cobro, admin) }).unwrap();
      onClose();
      void alert('success', TITLES.cobrado, answer.mensaje);
    } catch (error) {
      refused(error);
    }
  };

  const ownName = locales.find((l) => l.id === ownLocalId)?.nombre;
  const titleId = `cobro-title-${saldo.idMovimiento}`;
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal-dialog modal-dialog-centered modal-dialog-scrollable">
          <form className="modal-content" aria-label="Cobrar saldo" onSubmit={submit} noValidate>
            <div className="modal-header">
              <h3 className="modal-title h5" id={titleId}>
                Cobrar venta #{saldo.idMovimiento}
              </h3>
              <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
            </div>
            <div className="modal-body">
              <p className="mb-3" data-testid="cobro-resumen">
                {saldo.paciente ?? 'Sin paciente'} · {formatFecha(saldo.fecha)} · {saldo.local}
                <br />
                Total {money(saldo.total)} · Pagado {money(saldo.pagado)} · <strong>Debe {money(saldo.deuda)}</strong>
              </p>
              {metodos.length === 0 && <p className="alert alert-warning">{MESSAGES.sinMetodos}</p>}
              <div className="mb-3">
                <label htmlFor="cobroMetodo" className="form-label">
                  Método de pago
                </label>
                <select
                  id="cobroMetodo"
                  className="form-select"
                  value={cobro.metodoPagoId}
                  onChange={(e) => set({ metodoPagoId: Number(e.target.value) })}
                >
                  {metodos.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.nombre}
                    </option>
                  ))}
                </select>
              </div>
              <div className="mb-3">
                <label htmlFor="cobroMonto" className="form-label">
                  Monto
                </label>
                <NumberInput
                  id="cobroMonto"
                  rule={PESOS}
                  value={cobro.monto}
                  onValueChange={(monto) => set({ monto })}
                  show={formatPesos}
                  placeholder="0,00"
                />
              </div>
              <div className="mb-3">
                <label htmlFor="cobroMontoImpuesto" className="form-label">
                  Monto con recargo (opcional)
                </label>
                <NumberInput
                  id="cobroMontoImpuesto"
                  rule={PESOS}
                  value={cobro.montoImpuesto}
                  onValueChange={(montoImpuesto) => set({ montoImpuesto })}
                  show={formatPesos}
                  placeholder="Igual al monto"
                />
                <div className="form-text">{MESSAGES.impuestoAyuda}</div>
              </div>
              {admin ? (
                <div className="mb-3">
                  <label htmlFor="cobroLocal" className="form-label">
                    Local que cobra
                  </label>
                  <select
                    id="cobroLocal"
                    className="form-select"
                    value={cobro.localId}
                    onChange={(e) => set({ localId: Number(e.target.value) })}
                  >
                    {locales.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.nombre}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <p className="text-muted small mb-0">Se cobra en la caja de hoy de {ownName ?? 'tu local'}.</p>
              )}
            </div>
            <div className="modal-footer d-block">
              <div className="d-flex gap-2 justify-content-end">
                <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                  Cancelar
                </button>
                <button
                  type="submit"
                  className="btn btn-success"
                  disabled={problems.length > 0 || sending.isLoading}
                  aria-describedby={problems.length > 0 ? 'cobro-problems' : undefined}
                >
                  {sending.isLoading ? MESSAGES.enviando : 'Cobrar'}
                </button>
              </div>
              <SaveProblems id="cobro-problems" problems={problems} />
            </div>
          </form>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
