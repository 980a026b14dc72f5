import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useEliminarObraSocialMutation, useObrasSocialesQuery, type ObraSocial } from '../api/insurers';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { DataTable } from '../ui/DataTable';
import { Loaded } from '../ui/Loaded';
import { deleteConfirm, MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { Owed } from './Owed';
import { formatCuit, ordenadas, planesTexto } from './rules';

/**
 * Route obrasSociales (admins): the obras sociales by name with their CUIT (as AFIP writes it,
 * 30-54674125-3) and plans; 'Liquidaciones' (their monthly settlements), 'Nueva obra social', and
 * on each row 'Editar' and 'Eliminar' (asked first; refused while a patient or a sale names it).
 */
export function Insurers() {
  // Read afresh each time the screen opens: another admin may have changed them.
  const list = useObrasSocialesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [eliminar] = useEliminarObraSocialMutation();
  // The obra social whose delete is on its way: the buttons wait.
  const [eliminando, setEliminando] = useState<number | null>(null);

  const remove = async (os: ObraSocial) => {
    if (eliminando !== null) return;
    if (!(await confirmWith(deleteConfirm(os.nombre)))) return;
    setEliminando(os.id);
    try {
      const answer = await eliminar(os.id).unwrap();
      void alert('success', TITLES.eliminada, answer.mensaje);
    } catch (error) {
      refused(error);
    } finally {
      setEliminando(null);
    }
  };

  return (
    <section>
      <h2 className="text-center mb-3">OBRAS SOCIALES</h2>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <p className="text-muted small mb-0">{MESSAGES.ayuda}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-outline-primary" to="/obrasSociales/liquidaciones">
            Liquidaciones
          </Link>
          <Link className="btn btn-success" to="/obrasSociales/nueva">
            Nueva obra social
          </Link>
        </div>
      </div>
      <Loaded query={list} failed={MESSAGES.listaFallo} loading={MESSAGES.cargando}>
        {(obrasSociales) => (
          <DataTable
            label="Obras sociales"
            variant="table-striped"
            rows={ordenadas(obrasSociales)}
            rowKey={(os) => os.id}
            rowTestId={(os) => `obra-social-${os.id}`}
            empty={<p className="alert alert-info">{MESSAGES.sinObrasSociales}</p>}
            columns={[
              { header: 'Nombre', cell: (os) => os.nombre },
              { header: 'CUIT', className: 'text-nowrap', cell: (os) => formatCuit(os.cuit) },
              {
                header: 'Planes',
                cell: (os) => (
                  <span>
                    {planesTexto(os.planes.length)}
                    {os.planes.length > 0 && (
                      <span className="d-block small text-muted">{os.planes.map((p) => p.nombre).join(', ')}</span>
                    )}
                  </span>
                ),
              },
              {
                header: 'Acciones',
                cell: (os) => (
                  <div className="d-flex flex-wrap gap-1">
                    <Link
                      className="btn btn-outline-primary btn-sm"
                      to={`/obrasSociales/${os.id}`}
                      aria-label={`Editar ${os.nombre}`}
                    >
                      Editar
                    </Link>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`Eliminar ${os.nombre}`}
                      disabled={eliminando !== null}
                      onClick={() => void remove(os)}
                    >
                      {eliminando === os.id ? MESSAGES.enviando : 'Eliminar'}
                    </button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </Loaded>
      <Owed />
    </section>
  );
}
