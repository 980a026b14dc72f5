import type { EstadoMovimiento, TipoMovimiento } from '../../api/movements';
import type { LookupItem } from '../../api/types';
import { localMinute } from '../../lib/dates';
import { DateField, named, SelectField, TextAreaField, TextField, patchBinder } from '../../ui/fields';
import { ESTADOS, TIPOS, changeLocal, changeTipo, setEstado, type MovementForm } from './rules';

interface Props {
  form: MovementForm;
  /** Sellers work at their own branch: they cannot change it. */
  admin: boolean;
  /** A sale with returns keeps its type and branch (a new one would clear its lines). */
  fixed?: boolean;
  locales: LookupItem[];
  /** The logged-in user: the seller a cleared form starts with again. */
  usuario: string;
  update: (change: (form: MovementForm) => MovementForm) => void;
}

/** The movement's own fields: type, branch, date, seller, the order's state (ENTRADA) and the
 * description (required for a SALIDA). A new type or branch clears what depended on it. */
export function MovementHeader({ form, admin, fixed = false, locales, usuario, update }: Props) {
  const set = (patch: Partial<MovementForm>) => update((f) => ({ ...f, ...patch }));
  const bind = patchBinder(form, set);
  return (
    <div className="row g-3 mb-4">
      <SelectField<TipoMovimiento | ''>
        id="tipoMovimiento"
        label="Tipo de movimiento"
        className="col-md-4"
        value={form.tipo}
        disabled={fixed}
        onChange={(tipo) => update((f) => changeTipo(f, tipo, usuario))}
        options={[{ value: '', label: 'Seleccione un tipo' }, ...TIPOS.map((tipo) => ({ value: tipo, label: tipo }))]}
      />
      <SelectField
        id="local"
        label="Local"
        className="col-md-4"
        value={form.localId ?? ''}
        disabled={!admin || fixed}
        onChange={(id) => update((f) => changeLocal(f, id === '' ? null : id, localMinute(new Date()), usuario))}
        options={[{ value: '', label: 'Seleccione un local' }, ...named(locales)]}
      />
      <DateField id="fecha" label="Fecha" className="col-md-4" withTime {...bind('fecha')} />
      <TextField id="vendedor" label="Vendedor" className="col-md-4" {...bind('vendedor')} />
      {form.tipo === 'ENTRADA' && (
        <SelectField
          id="estadoMovimiento"
          label="Estado del pedido"
          className="col-md-4"
          value={form.estado ?? ''}
          onChange={(estado) => update((f) => setEstado(f, estado as EstadoMovimiento))}
          options={ESTADOS}
        />
      )}
      <TextAreaField
        id="descripcion"
        label={`Descripción${form.tipo === 'SALIDA' ? ' (obligatoria)' : ''}`}
        className="col-12"
        {...bind('descripcion')}
      />
    </div>
  );
}
