import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useListLookupQuery } from '../../api/lookups';
import type { Movimiento } from '../../api/movements';
import type { Paciente } from '../../api/patients';
import { useAppSelector } from '../../app/store';
import { coberturaResumen } from '../../lib/coverage';
import { localMinute } from '../../lib/dates';
import { centsOf } from '../../lib/money';
import { isAdmin } from '../../session/sessionSlice';
import { PatientPicker, pickerTexts } from '../../ui/PatientPicker';
import { SaveProblems } from '../../ui/SaveProblems';
import { usePaymentMethods } from '../../ui/paymentMethods';
import { SavingOverlay } from '../../ui/SavingOverlay';
import { changed, useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { AdditionalLines } from './AdditionalLines';
import { Balance } from './Balance';
import { useClosedDays } from './closedDay';
import { totalesConCobertura } from './coverage';
import { CoverageSection } from './CoverageSection';
import { LOCKED, MESSAGES, TITLES } from './messages';
import { MovementHeader } from './MovementHeader';
import { Payments } from './Payments';
import { ProductLines } from './ProductLines';
import { bloqueoDe, emptyMovementForm, formFromMovimiento, setPaciente, type MovementForm as Form } from './rules';
import { saveBlockers } from './saving';
import { TotalFields } from './TotalFields';
import { useCoverageData } from './useCoverageData';
import { LIST_PATH, useSaveMovement } from './useSaveMovement';

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
    return emptyMovementForm(localMinute(new Date()), localId, paciente, session.username);
  });
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const metodos = usePaymentMethods();
  const [opened] = useState(form);
  const saved = useUnsavedChanges(changed(opened, form));
  const { save, saving } = useSaveMovement(movimiento, saved);
  const datos = useCoverageData(form);
  // The payments, the change and the debt are what the patient pays: the obra social pays the rest.
  const t = totalesConCobertura(form, datos);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  // A refund is only read; a sale with returns keeps what was sold and to whom.
  const bloqueo = bloqueoDe(movimiento);
  const readOnly = bloqueo === 'reintegro';
  const sold = bloqueo !== null;
  const closed = useClosedDays(form, movimiento === undefined, readOnly);
  const problems = [...saveBlockers(form, datos), ...closed.problems];

  return (
    <section>
      <SavingOverlay show={saving} />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <div className="me-auto">
          <h2 className="m-0">{movimiento ? 'Editar Movimiento' : 'Crear Movimiento'}</h2>
          {movimiento?.comprobante && (
            <p className="m-0 text-muted" data-testid="comprobante">
              {MESSAGES.comprobante(movimiento.comprobante)}
            </p>
          )}
          {/* As it was saved; the section below shows it as it would be saved again. */}
          {movimiento?.cobertura && (
            <p className="m-0 text-muted" data-testid="coberturaGuardada">
              {coberturaResumen(
                movimiento.cobertura.obraSocial,
                movimiento.cobertura.plan,
                // What the obra social pays: less what it rejected and the patient was billed.
                centsOf(movimiento.cobertura.monto) - centsOf(movimiento.cobertura.facturadoAlPaciente),
              )}
            </p>
          )}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => navigate(LIST_PATH)}>
          Volver al inicio
        </button>
      </div>

      {bloqueo === 'reintegro' && (
        <p className="alert alert-info" data-testid="movimiento-bloqueado">
          {LOCKED.reintegro}
        </p>
      )}
      {bloqueo === 'devoluciones' && (
        <p className="alert alert-info" data-testid="movimiento-bloqueado">
          {LOCKED.devoluciones} {LOCKED.devolucionesEditable}
        </p>
      )}
      {closed.notice && (
        <p className="alert alert-warning" role="status" data-testid="caja-cerrada">
          {closed.notice}
        </p>
      )}

      {/* A disabled fieldset disables every control inside it: a refund is read, not edited. */}
      <fieldset disabled={readOnly} aria-label={readOnly ? 'Movimiento de solo lectura' : undefined}>
        <MovementHeader
          form={form}
          admin={admin}
          fixed={sold}
          locales={locales}
          usuario={session.username}
          update={setForm}
        />

        {form.tipo === 'ENTRADA' && (
          <>
            <fieldset className="mb-4">
              <legend className="fs-5">Paciente</legend>
              {sold ? (
                <p data-testid="paciente">
                  {form.paciente ? (
                    <>
                      Paciente: <strong>{form.paciente.nombreCompleto}</strong> (ficha {form.paciente.ficha})
                    </>
                  ) : (
                    'Sin paciente'
                  )}
                </p>
              ) : (
                <PatientPicker
                  paciente={form.paciente}
                  onChange={(p) => setForm((f) => setPaciente(f, p))}
                  texts={pickerTexts(TITLES, MESSAGES)}
                  inputId="buscarPaciente"
                  testId="paciente"
                />
              )}
            </fieldset>
            <ProductLines key={`productos-${form.localId}`} form={form} onChange={setForm} readOnly={sold} />
            <AdditionalLines form={form} onChange={setForm} readOnly={sold} />
          </>
        )}

        {form.tipo !== '' && (
          <>
            <TotalFields form={form} totales={t} set={set} fixedDescuento={sold} admin={admin} />
            {form.tipo === 'ENTRADA' && form.paciente && (
              <CoverageSection form={form} datos={datos} totales={t} onChange={setForm} />
            )}
            <Payments form={form} metodos={metodos} totales={t} onChange={setForm} />
            <Balance totales={t} />
          </>
        )}
      </fieldset>

      {!readOnly && (
        <>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={problems.length > 0 || saving}
              aria-describedby="movimiento-problemas"
              onClick={() => void save(form, datos)}
            >
              Guardar
            </button>
          </div>
          <SaveProblems id="movimiento-problemas" problems={problems} />
        </>
      )}
    </section>
  );
}
