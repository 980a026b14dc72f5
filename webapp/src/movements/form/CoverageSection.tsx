import { obraSocialPagaTexto, pacientePagaTexto } from '../../lib/coverage';
import { CheckField, DateField, SelectField, TextField, type Option } from '../../ui/fields';
import {
  elegirObraSocial,
  obraSocialElegida,
  partesDeLaVenta,
  pideReceta,
  setCobertura,
  type DatosCobertura,
} from './coverage';
import { COBERTURA } from './messages';
import type { CoberturaForm, MovementForm } from './rules';
import type { Totales } from './totals';
import { WholeAmounts } from './WholeAmounts';

interface Props {
  form: MovementForm;
  datos: DatosCobertura;
  totales: Totales;
  onChange: (change: (form: MovementForm) => MovementForm) => void;
}

/** The shop's obras sociales (the server lists them by name), and the sale's or the patient's own
 * while the list is on its way or after it was deleted, so the select shows it from the start. */
function obraSocialOptions(form: MovementForm, datos: DatosCobertura): Option<number>[] {
  const options: Option<number>[] = [
    { value: 0, label: 'Elegí la obra social' },
    ...(datos.obrasSociales ?? []).map((o) => ({ value: o.id, label: o.nombre })),
  ];
  const id = form.cobertura.obraSocialId;
  if (id > 0 && !options.some((o) => o.value === id)) {
    const g = form.coberturaGuardada?.obraSocialId === id ? form.coberturaGuardada.obraSocial : '';
    const a = form.paciente?.afiliacion?.obraSocialId === id ? form.paciente.afiliacion.obraSocial : '';
    options.push({ value: id, label: g || a || `Obra social ${id}` });
  }
  return options;
}

/** Its plans in the order the admin keeps them; the sale's own plan stays listed when the list no
 * longer has it (renamed since), so an edit shows what was saved. */
function planOptions(form: MovementForm, datos: DatosCobertura): Option<string>[] {
  const os = obraSocialElegida(form, datos);
  const options: Option<string>[] = [
    { value: '', label: 'Elegí el plan' },
    ...(os?.planes ?? []).map((p) => ({ value: p.nombre, label: p.nombre })),
  ];
  const plan = form.cobertura.plan;
  if (plan !== '' && !options.some((o) => o.value === plan)) options.push({ value: plan, label: plan });
  return options;
}

/**
 * 'Obra social', for an ENTRADA with a patient: whether their obra social covers the sale (checked
 * for a patient who has one), which one, its plan, the affiliate number and, when the plan asks
 * for it, the prescription (doctor, registration, date). What it pays is shown as it is chosen,
 * and what the patient pays, which the payments below cover.
 */
export function CoverageSection({ form, datos, totales: t, onChange }: Props) {
  const c = form.cobertura;
  const set = (patch: Partial<CoberturaForm>) => onChange((f) => setCobertura(f, patch));
  const partes = partesDeLaVenta(form, datos);
  const liquidacion = form.coberturaGuardada?.liquidacionId ?? null;
  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Obra social</legend>
      {liquidacion !== null && (
        <p id="coberturaPresentada" className="alert alert-info py-2">
          {COBERTURA.presentadaAviso(liquidacion)}
        </p>
      )}
      <CheckField
        id="conCobertura"
        label="Con cobertura de obra social"
        className="form-check mb-3"
        checked={c.activa}
        onChange={(activa) => set({ activa })}
      />
      {c.activa && (
        <>
          <div className="row g-3 mb-3">
            <SelectField
              id="coberturaObraSocial"
              label="Obra social"
              className="col-md-4"
              value={c.obraSocialId}
              onChange={(id) => onChange((f) => elegirObraSocial(f, id, datos))}
              options={obraSocialOptions(form, datos)}
            />
            <SelectField
              id="coberturaPlan"
              label="Plan"
              className="col-md-4"
              value={c.plan}
              disabled={c.obraSocialId === 0}
              onChange={(plan) => set({ plan })}
              options={planOptions(form, datos)}
            />
            <TextField
              id="coberturaAfiliado"
              label="N° de afiliado"
              className="col-md-4"
              autoComplete="off"
              value={c.afiliado}
              onChange={(afiliado) => set({ afiliado })}
            />
            {pideReceta(form, datos) && (
              <>
                <TextField
                  id="coberturaMedico"
                  label="Médico"
                  className="col-md-4"
                  value={c.medico}
                  onChange={(medico) => set({ medico })}
                />
                <TextField
                  id="coberturaMatricula"
                  label="Matrícula"
                  className="col-md-4"
                  autoComplete="off"
                  value={c.matricula}
                  onChange={(matricula) => set({ matricula })}
                />
                <DateField
                  id="coberturaFechaReceta"
                  label="Fecha de la receta"
                  className="col-md-4"
                  value={c.fechaReceta}
                  onChange={(fechaReceta) => set({ fechaReceta })}
                />
              </>
            )}
          </div>
          {datos.obrasSocialesFallo && <p className="small text-danger">{COBERTURA.obrasSocialesFallo}</p>}
          {/* Read out as it changes: the counter tells the patient what they pay. */}
          <div aria-live="polite">
            {partes ? (
              <>
                <p id="parteObraSocial" className="mb-1" data-testid="parteObraSocial">
                  <WholeAmounts text={obraSocialPagaTexto(partes)} />
                </p>
                {t.obraSocialCents < partes.monto && (
                  <p id="facturadoAlPaciente" className="small mb-1">
                    <WholeAmounts text={COBERTURA.facturado(partes.monto - t.obraSocialCents, t.obraSocialCents)} />
                  </p>
                )}
                <p id="partePaciente" className="fs-5 fw-bold mb-0" data-testid="partePaciente">
                  <WholeAmounts text={pacientePagaTexto(t.pacienteCents)} />
                </p>
              </>
            ) : (
              <p className="text-muted small mb-0">{COBERTURA.sinParte}</p>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
