import { useState, type FormEvent } from 'react';
import { errorStatus } from '../api/base';
import { useCambiarEstadoMutation, type EstadoOpcion, type Trabajo } from '../api/jobs';
import { alert } from '../app/alerts';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { cambioBody, cambioProblems, MAX_MOTIVO, pideMotivo, TERMINADO, type Cambio } from './rules';

/** Moves the job to another state (the sale's follows); sending it back to the lab ('Rehacer')
 * asks for the reason first. The move carries the job's `version` as loaded, so one from a screen
 * left behind by another person's change is refused (409) and the job read again. `onTerminado`
 * is told when the glasses just became ready. */
export function StateChanger({
  trabajo: t,
  estados,
  onTerminado,
}: {
  trabajo: Trabajo;
  estados: EstadoOpcion[];
  onTerminado: () => void;
}) {
  const [cambio, setCambio] = useState<Cambio>({ estado: '', motivo: '' });
  const [cambiar, sending] = useCambiarEstadoMutation();
  const problems = cambioProblems(t.estado, cambio);
  const motivoRequerido = pideMotivo(cambio.estado);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0 || sending.isLoading) return;
    try {
      const answer = await cambiar({ id: t.id, body: cambioBody(cambio, t.version) }).unwrap();
      setCambio({ estado: '', motivo: '' });
      await alert('success', TITLES.estado, answer.mensaje);
      if (answer.trabajo?.estado === TERMINADO) onTerminado();
    } catch (error) {
      // 409: the job moved since this screen read it. The server's words say so; the refusal
      // reads the job again (the step's invalidation, api/jobs.ts), so the screen shows where it
      // is now, and the state chosen against the old one is chosen again (the reason is kept).
      if (errorStatus(error) === 409) setCambio((c) => ({ ...c, estado: '' }));
      refused(error);
    }
  };

  return (
    <form className="card mb-3" aria-label="Cambiar estado" onSubmit={submit} noValidate>
      <div className="card-body">
        <h3 className="h5">Cambiar estado</h3>
        <div className="row g-2 align-items-end">
          <div className="col-sm-6 col-lg-4">
            <label htmlFor="trabajoNuevoEstado" className="form-label">
              Nuevo estado
            </label>
            <select
              id="trabajoNuevoEstado"
              className="form-select"
              value={cambio.estado}
              onChange={(e) => setCambio((c) => ({ ...c, estado: e.target.value }))}
            >
              <option value="">Elegí el estado</option>
              {estados
                .filter((e) => e.clave !== t.estado)
                .map((e) => (
                  <option key={e.clave} value={e.clave}>
                    {e.etiqueta}
                  </option>
                ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-5">
            <label htmlFor="trabajoMotivo" className="form-label">
              {motivoRequerido ? 'Motivo (obligatorio para rehacer)' : 'Motivo (opcional)'}
            </label>
            <input
              id="trabajoMotivo"
              className={`form-control${motivoRequerido && !cambio.motivo.trim() ? ' is-invalid' : ''}`}
              value={cambio.motivo}
              maxLength={MAX_MOTIVO}
              onChange={(e) => setCambio((c) => ({ ...c, motivo: e.target.value }))}
            />
          </div>
          <div className="col-lg-3">
            <button
              type="submit"
              className="btn btn-primary w-100"
              disabled={problems.length > 0 || sending.isLoading}
              aria-describedby={problems.length > 0 ? 'cambio-problems' : undefined}
            >
              {sending.isLoading ? MESSAGES.enviando : 'Cambiar estado'}
            </button>
          </div>
        </div>
        <SaveProblems id="cambio-problems" problems={problems} />
      </div>
    </form>
  );
}
