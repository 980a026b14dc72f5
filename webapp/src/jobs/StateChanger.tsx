import type { FormEvent } from 'react';
import { errorStatus } from '../api/base';
import { useCambiarEstadoMutation, type EstadoOpcion, type Trabajo } from '../api/jobs';
import { alert } from '../app/alerts';
import { SelectField, TextField } from '../ui/fields';
import { useForm } from '../ui/useForm';
import { RowForm } from '../ui/RowForm';
import { TITLES } from './messages';
import { refused } from './refused';
import { cambioBody, cambioProblems, pideMotivo, TERMINADO, type Cambio } from './rules';

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
  const { form: cambio, setForm: setCambio, bind } = useForm<Cambio>({ estado: '', motivo: '' });
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
    <RowForm
      name="cambio"
      title="Cambiar estado"
      onSubmit={submit}
      submit={{
        label: 'Cambiar estado',
        className: 'btn btn-primary w-100',
        column: 'col-lg-3',
        problems,
        sending: sending.isLoading,
      }}
    >
      <SelectField
        id="trabajoNuevoEstado"
        label="Nuevo estado"
        className="col-sm-6 col-lg-4"
        {...bind('estado')}
        options={[
          { value: '', label: 'Elegí el estado' },
          ...estados.filter((e) => e.clave !== t.estado).map((e) => ({ value: e.clave, label: e.etiqueta })),
        ]}
      />
      <TextField
        id="trabajoMotivo"
        label={motivoRequerido ? 'Motivo (obligatorio para rehacer)' : 'Motivo (opcional)'}
        className="col-sm-6 col-lg-5"
        invalid={motivoRequerido && !cambio.motivo.trim()}
        {...bind('motivo')}
      />
    </RowForm>
  );
}
