import { useCambiarContrasenaMutation, type Usuario } from '../api/users';
import { alert } from '../app/alerts';
import { TextField } from '../ui/fields';
import { FormDialog } from '../ui/Modal';
import { useForm } from '../ui/useForm';
import { PasswordField } from './PasswordField';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { contrasenaBody, contrasenaProblems, nuevaContrasena } from './rules';

interface Props {
  usuario: Usuario;
  /** The logged-in user's own account: the new password ends this session. */
  propia: boolean;
  onClose: () => void;
}

/** 'Contraseña': a new password for an account, typed twice; its open sessions end. */
export function PasswordDialog({ usuario, propia, onClose }: Props) {
  const { form, bind } = useForm(nuevaContrasena);
  const [cambiar, sending] = useCambiarContrasenaMutation();
  const problems = contrasenaProblems(form);
  return (
    <FormDialog
      name="contrasena"
      titleKey={usuario.id}
      title={`Contraseña de ${usuario.username}`}
      formLabel={`Contraseña de ${usuario.username}`}
      onClose={onClose}
      send={() => cambiar({ id: usuario.id, body: contrasenaBody(form) }).unwrap()}
      saved={(answer) => void alert('success', TITLES.contrasena, answer.mensaje)}
      refused={refused}
      submit={{ label: 'Cambiar contraseña', className: 'btn-primary', problems, sending: sending.isLoading }}
    >
      {propia && <p className="alert alert-warning py-2">{MESSAGES.propia}</p>}
      <PasswordField id="contrasenaNueva" label="Contraseña nueva" {...bind('contrasena')} />
      <TextField
        id="contrasenaRepetida"
        label="Repetir la contraseña nueva"
        type="password"
        className="mb-3"
        autoComplete="new-password"
        {...bind('repetida')}
      />
    </FormDialog>
  );
}
