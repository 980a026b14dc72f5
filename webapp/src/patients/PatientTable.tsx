import { Link } from 'react-router-dom';
import type { Paciente } from '../api/patients';
import { DataTable, entityTable } from '../ui/DataTable';
import { DeleteButton } from '../ui/RemoveButton';
import { MESSAGES } from './messages';
import { comprasPath } from './rules';

interface Props {
  pacientes: Paciente[];
  admin: boolean;
  onDelete: (paciente: Paciente) => void;
}

/** The patients table, one card per patient on a phone (its four actions in sight); every staff
 * user edits, sees purchases and registers movements, only admins delete. */
export function PatientTable({ pacientes, admin, onDelete }: Props) {
  return (
    <DataTable
      rows={pacientes}
      {...entityTable(MESSAGES.sinPacientes)}
      rowKey={(p) => p.id}
      columns={[
        { header: 'Ficha', cell: (p) => p.ficha },
        { header: 'Nombre completo', cell: (p) => p.nombreCompleto },
        { header: 'Documento', cell: (p) => p.documento ?? '' },
        { header: 'Celular', cell: (p) => p.celular ?? '' },
        { header: 'Local', cell: (p) => p.local?.nombre ?? '' },
        {
          header: 'Acciones',
          cell: (p) => (
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
              {admin && <DeleteButton onClick={() => onDelete(p)} />}
            </div>
          ),
        },
      ]}
    />
  );
}
