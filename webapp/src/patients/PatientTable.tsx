import { Link } from 'react-router-dom';
import type { Paciente } from '../api/patients';
import { MESSAGES } from './messages';
import { comprasPath } from './rules';

interface Props {
  pacientes: Paciente[];
  admin: boolean;
  onDelete: (paciente: Paciente) => void;
}

/** The patients table; every staff user edits, sees purchases and registers movements, only
 * admins delete. */
export function PatientTable({ pacientes, admin, onDelete }: Props) {
  if (pacientes.length === 0) {
    return <div className="alert alert-info text-center">{MESSAGES.sinPacientes}</div>;
  }
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle">
        <thead className="table-dark">
          <tr>
            <th>Ficha</th>
            <th>Nombre completo</th>
            <th>Documento</th>
            <th>Celular</th>
            <th>Local</th>
            <th>Acciones</th>
          </tr>
        </thead>
        <tbody>
          {pacientes.map((p) => (
            <tr key={p.id}>
              <td>{p.ficha}</td>
              <td>{p.nombreCompleto}</td>
              <td>{p.documento ?? ''}</td>
              <td>{p.celular ?? ''}</td>
              <td>{p.local?.nombre ?? ''}</td>
              <td>
                <div className="d-flex flex-wrap gap-1">
                  <Link className="btn btn-warning btn-sm" to={`/editarPaciente/${p.id}`}>
                    Editar
                  </Link>
                  <Link className="btn btn-info btn-sm" to={comprasPath(p.nombreCompleto, p.id)}>
                    Ver compras
                  </Link>
                  <Link className="btn btn-success btn-sm" to={`/crearMovimiento/${p.id}`}>
                    Registrar un movimiento
                  </Link>
                  {admin && (
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(p)}>
                      Eliminar
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
