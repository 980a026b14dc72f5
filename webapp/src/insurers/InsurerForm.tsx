import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import {
  useActualizarObraSocialMutation,
  useCrearObraSocialMutation,
  useObraSocialQuery,
  type ObraSocial,
} from '../api/insurers';
import { alert } from '../app/alerts';
import { newIdempotencyKey } from '../lib/idempotency';
import { TextField } from '../ui/fields';
import { EditFooter } from '../ui/EditFooter';
import { useRouteRecord, useSeed } from '../ui/editScreen';
import { ReadFailed } from '../ui/ReadFailed';
import { SavingOverlay } from '../ui/SavingOverlay';
import { submitter } from '../ui/submit';
import { useForm } from '../ui/useForm';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { MAX_NOMBRE, MESSAGES, PROBLEMS, TITLES } from './messages';
import { PlanCard } from './PlanCard';
import { refused } from './refused';
import {
  agregarPlan,
  cambiarPlan,
  collapsed,
  cuitValido,
  desdeObraSocial,
  formatCuit,
  nuevaObraSocial,
  obraSocialBody,
  obraSocialProblems,
  quitarPlan,
  type ObraSocialForm,
} from './rules';

/** Where the form goes back to, and after a save. */
const LIST = '/obrasSociales';
const PROBLEMS_ID = 'obra-social-problemas';

interface Props {
  /** The obra social being changed; none for a new one. */
  obraSocial?: ObraSocial;
}

/**
 * An obra social's form: its name, CUIT and plans, each plan a card (PlanCard) added with
 * 'Agregar plan' and taken away with 'Quitar plan'. 'Guardar' waits, saying why, while the
 * server's rules would refuse it; the server still decides, and its refusal is shown in its words.
 */
function InsurerForm({ obraSocial }: Props) {
  const navigate = useNavigate();
  const { form, setForm, bind } = useForm<ObraSocialForm>(() =>
    obraSocial ? desdeObraSocial(obraSocial) : nuevaObraSocial(),
  );
  const [opened] = useState(form);
  const saved = useUnsavedChanges(changed(opened, form));
  const [crear, creating] = useCrearObraSocialMutation();
  const [actualizar, updating] = useActualizarObraSocialMutation();
  // Made once per opened form: a double click or a retry after a lost answer creates one obra
  // social; the form opened again is another.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Which fields were left once: their problem is marked on them from then on.
  const [left, setLeft] = useState({ nombre: false, cuit: false });
  const sending = creating.isLoading || updating.isLoading;
  const problems = obraSocialProblems(form);
  const edit = obraSocial !== undefined;
  const title = edit ? 'Editar obra social' : 'Nueva obra social';

  const submit = submitter(
    problems.length > 0 || sending,
    async () => {
      const body = obraSocialBody(form);
      const answer = obraSocial
        ? await actualizar({ id: obraSocial.id, body }).unwrap()
        : await crear({ body, idempotencyKey }).unwrap();
      saved();
      void alert('success', edit ? TITLES.actualizada : TITLES.creada, answer.mensaje);
      navigate(LIST);
    },
    refused,
  );

  const nombre = collapsed(form.nombre);
  const nombreInvalido = left.nombre && (nombre === '' || [...nombre].length > MAX_NOMBRE);
  const cuitInvalido = left.cuit && !cuitValido(form.cuit);

  return (
    <section>
      <SavingOverlay show={sending} />
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-3">
        <h2 className="m-0">{title}</h2>
        {obraSocial && <span className="text-muted">{obraSocial.nombre}</span>}
      </div>
      <p className="text-muted small">{MESSAGES.ayuda}</p>
      {edit && <p className="text-muted small">{MESSAGES.cambiosVentas}</p>}
      <form onSubmit={submit} noValidate aria-label={title}>
        <div className="row g-3 mb-3">
          <TextField
            id="obraSocialNombre"
            label="Nombre"
            className="col-md-6"
            autoComplete="off"
            required
            invalid={nombreInvalido}
            onBlur={() => setLeft((l) => ({ ...l, nombre: true }))}
            {...bind('nombre')}
          >
            {nombreInvalido && <div className="invalid-feedback">{PROBLEMS.nombre}</div>}
          </TextField>
          <TextField
            id="obraSocialCuit"
            label="CUIT"
            className="col-md-6"
            inputMode="numeric"
            autoComplete="off"
            placeholder="30-12345678-9"
            required
            invalid={cuitInvalido}
            aria-describedby="obraSocialCuit-ayuda"
            value={form.cuit}
            onChange={(cuit) => setForm((f) => ({ ...f, cuit }))}
            // A CUIT that checks is written as AFIP writes it once left.
            onBlur={() => {
              setLeft((l) => ({ ...l, cuit: true }));
              if (cuitValido(form.cuit)) setForm((f) => ({ ...f, cuit: formatCuit(f.cuit) }));
            }}
          >
            {cuitInvalido && <div className="invalid-feedback">{PROBLEMS.cuit}</div>}
            <div id="obraSocialCuit-ayuda" className="form-text">
              {MESSAGES.cuitAyuda}
            </div>
          </TextField>
        </div>

        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h3 className="fs-5 m-0 me-auto">Planes</h3>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setForm(agregarPlan)}>
            Agregar plan
          </button>
        </div>
        {form.planes.length === 0 && <p className="text-muted">{MESSAGES.sinPlanes}</p>}
        {form.planes.map((plan, i) => (
          <PlanCard
            key={plan.key}
            plan={plan}
            position={i + 1}
            onChange={(next) => setForm((f) => cambiarPlan(f, next))}
            onRemove={() => setForm((f) => quitarPlan(f, plan.key))}
          />
        ))}

        <EditFooter
          className="d-flex flex-wrap gap-2 mt-4"
          onBack={() => navigate(LIST)}
          problemsId={PROBLEMS_ID}
          problems={problems}
          enabled={problems.length === 0 && !sending}
          submitLabel="Guardar"
        />
      </form>
    </section>
  );
}

/** Route obrasSociales/nueva (admins): a new obra social, with one blank plan to start. */
export function NewInsurer() {
  return <InsurerForm />;
}

/** Route obrasSociales/:id (admins): the obra social read afresh, then its form. */
export function EditInsurer() {
  const { id, valid, query } = useRouteRecord(useObraSocialQuery);
  // The first fresh answer opens the form; a read again after saving must not reset it.
  const [loaded] = useSeed(query, valid ? id : null);
  const failed = !loaded && (!valid || (query.isError && !handledElsewhere(query.error)));
  if (failed) {
    // The server's words ('La obra social 9 no existe.') when it gave some.
    const message =
      errorText(query.error) ??
      (!valid || errorStatus(query.error) === 404 ? MESSAGES.noEncontrada : MESSAGES.obraSocialFallo);
    return (
      <ReadFailed heading="Editar obra social" title={TITLES.error} message={message}>
        <Link to={LIST}>Volver al listado de obras sociales</Link>
      </ReadFailed>
    );
  }
  if (!loaded) return <p className="text-muted">{MESSAGES.cargando}</p>;
  return <InsurerForm key={loaded.id} obraSocial={loaded} />;
}
