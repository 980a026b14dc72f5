import { Fragment, useState } from 'react';
import type { EventoAuditoria } from '../api/audit';
import { formatInstant } from '../lib/dates';
import { Lines } from './Lines';
import { MESSAGES } from './messages';
import { eventLines, eventoLabel } from './eventLines';
import { pacienteIds, type Nombres } from './nombres';
import { useConPacientes } from './usePacientes';

const COLUMNS = 7;

/** The log's rows, newest first; each row's 'Ver datos' unfolds the event's data below it, as
 * `Campo: valor` lines with names instead of ids (a patient's with its id). */
export function AuditTable({ rows, nombres }: { rows: EventoAuditoria[]; nombres: Nombres }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (posicion: number) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(posicion)) next.add(posicion);
      return next;
    });
  // The patients of the unfolded rows only, by name (the folded rows show no data).
  const conPacientes = useConPacientes(
    nombres,
    rows.filter((r) => open.has(r.posicion)).flatMap((r) => pacienteIds(r.datos)),
  );

  if (rows.length === 0) {
    return <div className="alert alert-info text-center">{MESSAGES.sinEventos}</div>;
  }
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle" aria-label="Eventos de auditoría">
        <thead className="table-dark">
          <tr>
            <th>Fecha</th>
            <th>Usuario</th>
            <th>Local</th>
            <th>Entidad</th>
            <th>Evento</th>
            <th>Resumen</th>
            <th>Datos</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const shown = open.has(row.posicion);
            const detailId = `datos-${row.posicion}`;
            return (
              <Fragment key={row.posicion}>
                <tr>
                  <td className="text-nowrap">{formatInstant(row.registrado)}</td>
                  <td>{row.usuario}</td>
                  <td>{row.localNombre ?? ''}</td>
                  <td className="text-nowrap">{`${row.tipo} ${row.id}`}</td>
                  <td>{eventoLabel(row.evento)}</td>
                  <td>{row.resumen}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm text-nowrap"
                      aria-expanded={shown}
                      aria-controls={shown ? detailId : undefined}
                      onClick={() => toggle(row.posicion)}
                    >
                      {shown ? 'Ocultar datos' : 'Ver datos'}
                    </button>
                  </td>
                </tr>
                {shown && (
                  <tr>
                    <td colSpan={COLUMNS}>
                      <div className="bg-light p-2">
                        <Lines
                          id={detailId}
                          lines={eventLines(row, conPacientes)}
                          label={`Datos del evento ${row.posicion}`}
                        />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
