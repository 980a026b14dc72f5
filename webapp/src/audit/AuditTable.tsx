import { Fragment, useState } from 'react';
import { entidadLabel, type EventoAuditoria } from '../api/audit';
import { formatInstant } from '../lib/dates';
import { Lines } from './Lines';
import { MESSAGES } from './messages';
import { eventLines, eventoLabel } from './eventLines';
import { pacienteIds, type Nombres } from './nombres';
import { useConPacientes } from './usePacientes';
import '../ui/stackedTable.css';

const COLUMNS = 7;

/** The log's rows, newest first, one card per event on a phone (ui/stackedTable.css: each cell
 * labelled by its column); each row's 'Ver datos' unfolds the event's data below it, as
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
      <table className="table table-striped table-hover align-middle table-stacked" aria-label="Eventos de auditoría">
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
                  <td data-label="Fecha" className="text-nowrap">
                    {formatInstant(row.registrado)}
                  </td>
                  <td data-label="Usuario">{row.usuario}</td>
                  <td data-label="Local">{row.localNombre ?? ''}</td>
                  <td data-label="Entidad" className="text-nowrap">{`${entidadLabel(row.tipo)} ${row.id}`}</td>
                  <td data-label="Evento">{eventoLabel(row.evento)}</td>
                  <td data-label="Resumen">{row.resumen}</td>
                  <td data-label="Datos">
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
