import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import {
  useCreateMovimientoMutation,
  useUpdateMovimientoMutation,
  type EstadoMovimiento,
  type Movimiento,
  type TipoMovimiento,
} from '../api/movements';
import type { Paciente } from '../api/patients';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { localMinute } from '../lib/dates';
import { formatPesos } from '../lib/money';
import { isAdmin } from '../session/sessionSlice';
import { SavingOverlay } from '../ui/SavingOverlay';
import { AdditionalLines } from './AdditionalLines';
import { MESSAGES, TITLES } from './messages';
import { Payments } from './Payments';
import { PatientPicker } from './PatientPicker';
import { ProductLines } from './ProductLines';
import {
  ESTADOS,
  TIPOS,
  blocks,
  canSave,
  changeLocal,
  changeTipo,
  checkDescuento,
  emptyMovementForm,
  formFromMovimiento,
  movimientoBody,
  newIdempotencyKey,
  saveFailure,
  saveProblem,
  totales as totalesOf,
  type MovementForm as Form,
} from './rules';

export const LIST_PATH = '/adminitrarCaja';

interface Props {
  /** The movement being edited; none in create mode. */
  movimiento?: Movimiento;
  /** The patient a new movement is for (route crearMovimiento/:pacienteId). */
  paciente?: Paciente | null;
}

/** The movement form (routes crearMovimiento, crearMovimiento/:pacienteId, editarMovimiento/:id):
 * type, branch, date, seller, description, the patient, product and additional lines, discount,
 * payments and, for an ENTRADA, the order's state. Sellers work at their own branch only. */
export function MovementForm({ movimiento, paciente = null }: Props) {
  const navigate = useNavigate();
  const session = useAppSelector((s) => s.session);
  const admin = isAdmin(session);
  const [form, setForm] = useState<Form>(() => {
    if (movimiento) return formFromMovimiento(movimiento);
    const localId = admin ? (paciente?.local?.id ?? null) : session.localId;
    return emptyMovementForm(localMinute(new Date()), localId, paciente);
  });
  // Made once per opened form: a double click or a retry creates one movement.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { data: metodos = [] } = useListLookupQuery('/api/metodoPago');
  const [create, creating] = useCreateMovimientoMutation();
  const [update, updating] = useUpdateMovimientoMutation();
  const saving = creating.isLoading || updating.isLoading;
  const edit = movimiento !== undefined;
  const title = edit ? 'Editar Movimiento' : 'Crear Movimiento';
  const t = totalesOf(form);
  const entrada = form.tipo === 'ENTRADA';
  const salida = form.tipo === 'SALIDA';

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const commitDescuento = () => {
    const { descuento, problem } = checkDescuento(form.descuento, t.brutoCents);
    set({ descuento });
    if (problem === 'rango') void alert('warning', TITLES.descuento, MESSAGES.descuentoRango);
    if (problem === 'totalCero') void alert('warning', TITLES.descuento, MESSAGES.descuentoTotalCero);
  };

  const save = async () => {
    if (!canSave(form) || saving) return;
    const problem = saveProblem(form);
    if (problem === 'sinPagos') {
      void alert('warning', TITLES.validacion, MESSAGES.sinPagos);
      return;
    }
    if (problem === 'descuentoTotalCero') {
      void alert('warning', TITLES.descuento, MESSAGES.descuentoTotalCero);
      return;
    }
    if (problem === 'excede') {
      // An ENTRADA stops here; a SALIDA goes on once the warning is closed.
      if (blocks(form, problem)) {
        void alert('warning', TITLES.advertencia, MESSAGES.pagosExceden);
        return;
      }
      await alert('warning', TITLES.advertencia, MESSAGES.pagosExceden);
    }
    const body = movimientoBody(form);
    try {
      const answer = movimiento
        ? // The version read guards the save: a form opened before another change gets 409.
          await update({ id: movimiento.id, body: { ...body, version: movimiento.version } }).unwrap()
        : await create({ body, idempotencyKey }).unwrap();
      void alert('success', edit ? TITLES.actualizado : TITLES.creado, answer.mensaje);
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

  return (
    <section>
      <SavingOverlay show={saving} />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <h2 className="m-0 me-auto">{title}</h2>
        <button type="button" className="btn btn-secondary" onClick={() => navigate(LIST_PATH)}>
          Volver al inicio
        </button>
      </div>

      <div className="row g-3 mb-4">
        <div className="col-md-4">
          <label htmlFor="tipoMovimiento" className="form-label">
            Tipo de movimiento
          </label>
          <select
            id="tipoMovimiento"
            className="form-select"
            value={form.tipo}
            onChange={(e) => setForm((f) => changeTipo(f, e.target.value as TipoMovimiento | ''))}
          >
            <option value="">Seleccione un tipo</option>
            {TIPOS.map((tipo) => (
              <option key={tipo} value={tipo}>
                {tipo}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-4">
          <label htmlFor="local" className="form-label">
            Local
          </label>
          <select
            id="local"
            className="form-select"
            value={form.localId ?? ''}
            disabled={!admin}
            onChange={(e) =>
              setForm((f) => changeLocal(f, e.target.value === '' ? null : Number(e.target.value), localMinute(new Date())))
            }
          >
            <option value="">Seleccione un local</option>
            {locales.map((l) => (
              <option key={l.id} value={l.id}>
                {l.nombre}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-4">
          <label htmlFor="fecha" className="form-label">
            Fecha
          </label>
          <input
            id="fecha"
            type="datetime-local"
            className="form-control"
            value={form.fecha}
            onChange={(e) => set({ fecha: e.target.value })}
          />
        </div>
        <div className="col-md-4">
          <label htmlFor="vendedor" className="form-label">
            Vendedor
          </label>
          <input
            id="vendedor"
            className="form-control"
            value={form.vendedor}
            onChange={(e) => set({ vendedor: e.target.value })}
          />
        </div>
        {entrada && (
          <div className="col-md-4">
            <label htmlFor="estadoMovimiento" className="form-label">
              Estado del pedido
            </label>
            <select
              id="estadoMovimiento"
              className="form-select"
              value={form.estado ?? ''}
              onChange={(e) => set({ estado: e.target.value as EstadoMovimiento })}
            >
              {ESTADOS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="col-12">
          <label htmlFor="descripcion" className="form-label">
            Descripción{salida ? ' (obligatoria)' : ''}
          </label>
          <textarea
            id="descripcion"
            className="form-control"
            rows={2}
            value={form.descripcion}
            onChange={(e) => set({ descripcion: e.target.value })}
          />
        </div>
      </div>

      {entrada && (
        <>
          <fieldset className="mb-4">
            <legend className="fs-5">Paciente</legend>
            <PatientPicker paciente={form.paciente} onChange={(p) => set({ paciente: p })} />
          </fieldset>
          <ProductLines key={`productos-${form.localId}`} form={form} onChange={setForm} />
          <AdditionalLines form={form} onChange={setForm} />
        </>
      )}

      {form.tipo !== '' && (
        <>
          <div className="row g-3 mb-4 align-items-end">
            {entrada && (
              <>
                <div className="col-md-3">
                  <label htmlFor="subtotal" className="form-label d-block">
                    Subtotal
                  </label>
                  <output id="subtotal" className="fs-5">
                    {formatPesos(t.brutoCents)}
                  </output>
                </div>
                <div className="col-md-3">
                  <label htmlFor="descuento" className="form-label">
                    Descuento (%)
                  </label>
                  <input
                    id="descuento"
                    type="number"
                    min={0}
                    max={100}
                    step="0.01"
                    className="form-control"
                    value={form.descuento}
                    onChange={(e) => set({ descuento: e.target.value })}
                    onBlur={commitDescuento}
                  />
                </div>
              </>
            )}
            <div className="col-md-3">
              <label htmlFor="total" className="form-label">
                Total
              </label>
              {salida ? (
                <input
                  id="total"
                  type="number"
                  min={0}
                  step="0.01"
                  className="form-control"
                  value={form.totalSalida}
                  onChange={(e) => set({ totalSalida: e.target.value })}
                />
              ) : (
                <output id="total" className="fs-5 d-block fw-bold">
                  {formatPesos(t.totalCents)}
                </output>
              )}
            </div>
          </div>

          <Payments form={form} metodos={metodos} totales={t} onChange={setForm} />

          <div className="d-flex flex-wrap gap-4 mb-4">
            <div>
              <label htmlFor="totalImpuesto" className="form-label d-block">
                Total cobrado (con recargo)
              </label>
              <output id="totalImpuesto" className="fs-5">
                {formatPesos(t.cobradoCents)}
              </output>
            </div>
            <div>
              <label htmlFor="deuda" className="form-label d-block">
                Deuda
              </label>
              <output id="deuda" className="fs-5 fw-bold">
                {formatPesos(t.deudaCents)}
              </output>
            </div>
          </div>
        </>
      )}

      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={!canSave(form) || saving} onClick={() => void save()}>
          Guardar
        </button>
      </div>
    </section>
  );
}
