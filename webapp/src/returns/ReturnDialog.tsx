import { useEffect, useState, type FormEvent } from 'react';
import type { Movimiento } from '../api/movements';
import { useDevolverMutation } from '../api/returns';
import type { LookupItem } from '../api/types';
import { alert } from '../app/alerts';
import { alertRefusal } from '../app/refusals';
import { formatFecha } from '../lib/dates';
import { newIdempotencyKey } from '../lib/idempotency';
import { centsOf, formatPesos, money } from '../lib/money';
import { formatEntero, formatPorcentaje, WHOLE } from '../lib/numbers';
import { NumberInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES, TITLES } from './messages';
import {
  adicionalesDe,
  devolucionBody,
  devolucionInicial,
  devolucionProblems,
  estimar,
  pedidoDe,
  productosDe,
  type Devolucion,
} from './rules';

interface Props {
  venta: Movimiento;
  admin: boolean;
  /** The user's branch (a seller returns there). */
  ownLocalId: number | null;
  locales: LookupItem[];
  metodos: LookupItem[];
  onClose: () => void;
}

/** How a refused return is told: the server's list of reasons (400), or its message (409, 404). */
const refused = (error: unknown) =>
  alertRefusal(error, {
    error: TITLES.error,
    errorValidacion: TITLES.errorValidacion,
    inesperado: MESSAGES.inesperado,
  });

/** 'Devolver productos' of a sale: how many units of each product come back (at most what is
 * left), which additional lines, how the money goes back and, for admins, the branch that takes
 * them; the estimated refund as the server will value it. A dialog, so it reads the same on a
 * phone. */
export function ReturnDialog({ venta, admin, ownLocalId, locales, metodos, onClose }: Props) {
  const saleLocal = venta.local?.id ?? 0;
  const [devolucion, setDevolucion] = useState<Devolucion>(() =>
    devolucionInicial(metodos[0]?.id ?? 0, admin ? saleLocal : (ownLocalId ?? 0)),
  );
  const [devolver, sending] = useDevolverMutation();
  // Made once per opened dialog: a double click or a retry after a lost answer registers one
  // return; the dialog opened again is a new return.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The payment methods may arrive after the dialog opened.
  if (!devolucion.metodoPagoId && metodos.length > 0) setDevolucion({ ...devolucion, metodoPagoId: metodos[0].id });
  const set = (change: Partial<Devolucion>) => setDevolucion((d) => ({ ...d, ...change }));
  const problems = devolucionProblems(venta, devolucion, admin);
  const estimacion = estimar(venta, pedidoDe(venta, devolucion));
  const productos = productosDe(venta);
  const adicionales = adicionalesDe(venta);

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
      const answer = await devolver({
        idMovimiento: venta.id,
        body: devolucionBody(venta, devolucion, admin),
        idempotencyKey,
      }).unwrap();
      onClose();
      const reintegro = centsOf(answer.movimiento?.total ?? 0);
      void alert('success', TITLES.devuelto, MESSAGES.registrado(answer.mensaje, reintegro));
    } catch (error) {
      refused(error);
    }
  };

  const toggle = (posicion: number, on: boolean) =>
    set({
      adicionales: on ? [...devolucion.adicionales, posicion] : devolucion.adicionales.filter((i) => i !== posicion),
    });
  const ownName = locales.find((l) => l.id === ownLocalId)?.nombre;
  const titleId = `devolucion-title-${venta.id}`;
  const libres = adicionales.filter((a) => !a.devuelto);
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal-dialog modal-dialog-centered modal-dialog-scrollable">
          <form className="modal-content" aria-label="Devolver productos" onSubmit={submit} noValidate>
            <div className="modal-header">
              <h3 className="modal-title h5" id={titleId}>
                Devolver productos de la venta #{venta.id}
              </h3>
              <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
            </div>
            <div className="modal-body">
              <p className="mb-3" data-testid="devolucion-resumen">
                {venta.paciente?.nombreCompleto ?? 'Sin paciente'} · {formatFecha(venta.fecha)} ·{' '}
                {venta.local?.nombre ?? ''}
                <br />
                Total {money(venta.total)}
                {venta.descuento ? ` (descuento ${formatPorcentaje(Math.round(venta.descuento * 100))})` : ''} · Debe{' '}
                {money(venta.deuda)}
              </p>
              {productos.length > 0 && (
                <fieldset className="mb-3">
                  <legend className="fs-6 fw-semibold">Productos</legend>
                  {productos.map((p) => (
                    <div className="row g-2 align-items-center mb-2" key={p.productoId}>
                      <label className="col-7 col-form-label" htmlFor={`devolver-${p.productoId}`}>
                        {p.modelo} {p.marca && <span className="text-muted">({p.marca})</span>}
                        <span className="d-block small text-muted">
                          Vendidas {formatEntero(p.vendidas)} · quedan {formatEntero(p.quedan)}
                        </span>
                      </label>
                      <div className="col-5">
                        <NumberInput
                          id={`devolver-${p.productoId}`}
                          rule={WHOLE}
                          value={devolucion.cantidades[p.productoId] ?? ''}
                          onValueChange={(text) =>
                            set({ cantidades: { ...devolucion.cantidades, [p.productoId]: text } })
                          }
                          disabled={p.quedan === 0}
                          placeholder="0"
                          aria-label={`Unidades de ${p.modelo} a devolver`}
                        />
                      </div>
                    </div>
                  ))}
                </fieldset>
              )}
              {libres.length > 0 && (
                <fieldset className="mb-3">
                  <legend className="fs-6 fw-semibold">Detalles</legend>
                  {libres.map((a) => (
                    <div className="form-check" key={a.posicion}>
                      <input
                        className="form-check-input"
                        type="checkbox"
                        id={`devolverAdicional-${a.posicion}`}
                        checked={devolucion.adicionales.includes(a.posicion)}
                        onChange={(e) => toggle(a.posicion, e.target.checked)}
                      />
                      <label className="form-check-label" htmlFor={`devolverAdicional-${a.posicion}`}>
                        {a.descripcion} · {formatPesos(a.subtotal)}
                      </label>
                    </div>
                  ))}
                </fieldset>
              )}
              {metodos.length === 0 && <p className="alert alert-warning">{MESSAGES.sinMetodos}</p>}
              <div className="mb-3">
                <label htmlFor="devolucionMetodo" className="form-label">
                  Medio de pago del reintegro
                </label>
                <select
                  id="devolucionMetodo"
                  className="form-select"
                  value={devolucion.metodoPagoId}
                  onChange={(e) => set({ metodoPagoId: Number(e.target.value) })}
                >
                  {metodos.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.nombre}
                    </option>
                  ))}
                </select>
              </div>
              {admin ? (
                <div className="mb-3">
                  <label htmlFor="devolucionLocal" className="form-label">
                    Local que recibe la devolución
                  </label>
                  <select
                    id="devolucionLocal"
                    className="form-select"
                    value={devolucion.localId}
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
                <p className="text-muted small">
                  Se devuelve en la caja de hoy de {ownName ?? 'tu local'}: las unidades vuelven a su stock.
                </p>
              )}
              <div className="border rounded p-2 bg-light" data-testid="devolucion-estimada" aria-live="polite">
                <strong className="fs-5">{MESSAGES.reintegro(estimacion.reintegro)}</strong>
                {estimacion.credito > 0 && <div className="small">{MESSAGES.credito(estimacion.credito)}</div>}
                <div className="small text-muted">{MESSAGES.estimado}</div>
              </div>
            </div>
            <div className="modal-footer d-block">
              <div className="d-flex gap-2 justify-content-end">
                <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                  Cancelar
                </button>
                <button
                  type="submit"
                  className="btn btn-danger"
                  disabled={problems.length > 0 || sending.isLoading}
                  aria-describedby={problems.length > 0 ? 'devolucion-problems' : undefined}
                >
                  {sending.isLoading ? MESSAGES.enviando : 'Devolver'}
                </button>
              </div>
              <SaveProblems id="devolucion-problems" problems={problems} />
            </div>
          </form>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
