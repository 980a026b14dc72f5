import { useState } from 'react';
import { useListLookupQuery } from '../api/lookups';
import { useCambiarRolMutation, useCrearUsuarioMutation, type Usuario } from '../api/users';
import { alert } from '../app/alerts';
import { newIdempotencyKey } from '../lib/idempotency';
import { ROLE_ADMIN } from '../session/sessionSlice';
import { named, SelectField, TextField } from '../ui/fields';
import { FormDialog } from '../ui/Modal';
import { useForm } from '../ui/useForm';
import { PasswordField } from './PasswordField';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import {
  desdeUsuario,
  edicionProblems,
  localesOrdenados,
  MAX_USERNAME,
  nuevoProblems,
  nuevoUsuario,
  rolBody,
  ROLES,
  usuarioBody,
  type UsuarioForm,
} from './rules';

interface FieldsProps {
  form: UsuarioForm;
  bind: <K extends keyof UsuarioForm>(key: K) => { value: UsuarioForm[K]; onChange: (v: UsuarioForm[K]) => void };
}

/** The role and the branch, shared by both dialogs: the branches as Spanish sorts them; a seller
 * must choose one, an admin may leave it blank. */
function RolYLocal({ form, bind }: FieldsProps) {
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const admin = form.rol === ROLE_ADMIN;
  return (
    <>
      <SelectField id="usuarioRol" label="Rol" className="mb-1" {...bind('rol')} options={ROLES} />
      <div className="form-text mb-3">{MESSAGES.rolAyuda}</div>
      <SelectField
        id="usuarioLocal"
        label={admin ? 'Local (opcional)' : 'Local'}
        className="mb-1"
        {...bind('localId')}
        options={[{ value: 0, label: admin ? 'Sin local' : 'Elegí el local' }, ...named(localesOrdenados(locales))]}
      />
      {admin && <div className="form-text mb-3">{MESSAGES.localAdmin}</div>}
    </>
  );
}

/** 'Nuevo usuario': the username, the first password, the role and the branch. */
export function NewUserDialog({ onClose }: { onClose: () => void }) {
  const { form, bind } = useForm<UsuarioForm>(nuevoUsuario);
  const [crear, sending] = useCrearUsuarioMutation();
  // Made once per opened dialog: a double click or a retry after a lost answer creates one
  // account; the dialog opened again is another account.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const problems = nuevoProblems(form);
  return (
    <FormDialog
      name="usuario"
      titleKey="nuevo"
      title="Nuevo usuario"
      formLabel="Nuevo usuario"
      onClose={onClose}
      send={() => crear({ body: usuarioBody(form), idempotencyKey }).unwrap()}
      saved={(answer) => void alert('success', TITLES.creado, answer.mensaje)}
      refused={refused}
      submit={{ label: 'Crear', className: 'btn-success', problems, sending: sending.isLoading }}
    >
      <TextField
        id="usuarioNombre"
        label="Nombre de usuario"
        className="mb-3"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        {...bind('username')}
      >
        <div className="form-text">Hasta {MAX_USERNAME} caracteres, sin espacios.</div>
      </TextField>
      <PasswordField id="usuarioContrasena" label="Contraseña" {...bind('contrasena')} />
      <RolYLocal form={form} bind={bind} />
    </FormDialog>
  );
}

interface EditProps {
  usuario: Usuario;
  /** The logged-in user's own account: saving ends this session. */
  propia: boolean;
  onClose: () => void;
}

/** 'Editar': an account's role and branch. */
export function EditUserDialog({ usuario, propia, onClose }: EditProps) {
  const { form, bind } = useForm<UsuarioForm>(() => desdeUsuario(usuario));
  const [cambiar, sending] = useCambiarRolMutation();
  const problems = edicionProblems(usuario, form);
  return (
    <FormDialog
      name="usuario"
      titleKey={usuario.id}
      title={`Editar ${usuario.username}`}
      formLabel={`Editar ${usuario.username}`}
      onClose={onClose}
      send={() => cambiar({ id: usuario.id, body: rolBody(form) }).unwrap()}
      saved={(answer) => void alert('success', TITLES.actualizado, answer.mensaje)}
      refused={refused}
      submit={{ label: 'Guardar', className: 'btn-primary', problems, sending: sending.isLoading }}
    >
      {propia && <p className="alert alert-warning py-2">{MESSAGES.propia}</p>}
      <RolYLocal form={form} bind={bind} />
    </FormDialog>
  );
}
