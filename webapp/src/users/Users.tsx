import { useState } from 'react';
import { useHabilitarUsuarioMutation, useUsuariosQuery, type Usuario } from '../api/users';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { useAppSelector } from '../app/store';
import { DataTable, type Column } from '../ui/DataTable';
import { Loaded } from '../ui/Loaded';
import { StateBadge } from '../ui/StateBadge';
import { disableConfirm, MESSAGES, TITLES } from './messages';
import { PasswordDialog } from './PasswordDialog';
import { refused } from './refused';
import { esPropia, estadoDe, rolNombre } from './rules';
import { EditUserDialog, NewUserDialog } from './UserDialog';

/** The dialog open over the list, if any. */
type Abierto = { tipo: 'nuevo' } | { tipo: 'editar' | 'contrasena'; usuario: Usuario } | null;

/**
 * Route usuarios (admins): the staff accounts, the enabled first and then by name, as the server
 * sends them, with their role, branch and state. 'Nuevo usuario' creates one; on each row
 * 'Editar' (role and branch), 'Contraseña' (a new one) and 'Deshabilitar' (asked first) or
 * 'Habilitar'. Every change ends the account's open sessions.
 */
export function Users() {
  const session = useAppSelector((s) => s.session);
  // Read afresh each time the screen opens: a branch renamed meanwhile shows its new name.
  const list = useUsuariosQuery(undefined, { refetchOnMountOrArgChange: true });
  const [habilitar] = useHabilitarUsuarioMutation();
  const [abierto, setAbierto] = useState<Abierto>(null);
  // The account whose state is on its way: its button waits.
  const [cambiando, setCambiando] = useState<number | null>(null);
  const close = () => setAbierto(null);

  const cambiarEstado = async (u: Usuario) => {
    if (cambiando !== null) return;
    const habilitado = !u.habilitado;
    if (!habilitado && !(await confirmWith(disableConfirm(u.username)))) return;
    setCambiando(u.id);
    try {
      const answer = await habilitar({ id: u.id, body: { habilitado } }).unwrap();
      void alert('success', habilitado ? TITLES.habilitado : TITLES.deshabilitado, answer.mensaje);
    } catch (error) {
      refused(error);
    } finally {
      setCambiando(null);
    }
  };

  const columns: Column<Usuario>[] = [
    {
      header: 'Usuario',
      cell: (u) => (
        <>
          {u.username}
          {esPropia(session, u) && <span className="text-muted small"> (tu cuenta)</span>}
        </>
      ),
    },
    { header: 'Rol', cell: (u) => rolNombre(u.rol) },
    { header: 'Local', cell: (u) => u.local ?? '—' },
    { header: 'Estado', cell: (u) => <StateBadge {...estadoDe(u.habilitado)} /> },
    {
      header: 'Acciones',
      cell: (u) => (
        <div className="d-flex flex-wrap gap-1">
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            aria-label={`Editar ${u.username}`}
            onClick={() => setAbierto({ tipo: 'editar', usuario: u })}
          >
            Editar
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={`Contraseña de ${u.username}`}
            onClick={() => setAbierto({ tipo: 'contrasena', usuario: u })}
          >
            Contraseña
          </button>
          <button
            type="button"
            className={`btn btn-sm ${u.habilitado ? 'btn-outline-danger' : 'btn-outline-success'}`}
            aria-label={`${u.habilitado ? 'Deshabilitar' : 'Habilitar'} ${u.username}`}
            disabled={cambiando !== null}
            onClick={() => void cambiarEstado(u)}
          >
            {cambiando === u.id ? MESSAGES.enviando : u.habilitado ? 'Deshabilitar' : 'Habilitar'}
          </button>
        </div>
      ),
    },
  ];

  const propia = abierto !== null && abierto.tipo !== 'nuevo' && esPropia(session, abierto.usuario);
  return (
    <section>
      <h2 className="text-center mb-3">USUARIOS</h2>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <p className="text-muted small mb-0">{MESSAGES.ayuda}</p>
        <button type="button" className="btn btn-success" onClick={() => setAbierto({ tipo: 'nuevo' })}>
          Nuevo usuario
        </button>
      </div>
      <Loaded query={list} failed={MESSAGES.listaFallo} loading={MESSAGES.cargando}>
        {(usuarios) => (
          <DataTable
            label="Usuarios"
            rows={usuarios}
            columns={columns}
            rowKey={(u) => u.id}
            rowTestId={(u) => `usuario-${u.id}`}
            empty={<p className="text-muted">{MESSAGES.sinUsuarios}</p>}
          />
        )}
      </Loaded>
      {abierto?.tipo === 'nuevo' && <NewUserDialog onClose={close} />}
      {abierto?.tipo === 'editar' && (
        <EditUserDialog key={abierto.usuario.id} usuario={abierto.usuario} propia={propia} onClose={close} />
      )}
      {abierto?.tipo === 'contrasena' && (
        <PasswordDialog key={abierto.usuario.id} usuario={abierto.usuario} propia={propia} onClose={close} />
      )}
    </section>
  );
}
