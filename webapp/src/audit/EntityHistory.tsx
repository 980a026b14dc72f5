import {
  useHistorialAuditoriaQuery,
  useLazyEstadoAuditoriaQuery,
  type EventoAuditoria,
  type TipoConEstado,
} from '../api/audit';
import { errorText, handledElsewhere } from '../api/base';
import { formatInstant } from '../lib/dates';
import { AuditRows } from './AuditRows';
import { AsOfControl } from './AsOfControl';
import { MESSAGES, TITLES } from './messages';
import { Lines } from './Lines';
import { cambioText, entityChanges, type Cambio } from './changes';
import { stateLines } from './eventLines';
import { pacienteIds, type Nombres } from './nombres';
import { useNombres } from './useNombres';
import { useConPacientes } from './usePacientes';

interface Props {
  tipo: TipoConEstado;
  id: number;
}

/** The field changes of an edit, one line each: `campo: antes → después`. */
function Changes({ cambios }: { cambios: Cambio[] | null }) {
  if (cambios === null) return <div className="small text-muted">{MESSAGES.sinAnterior}</div>;
  if (cambios.length === 0) return <div className="small text-muted">{MESSAGES.sinCambios}</div>;
  return (
    <ul className="small mb-0 mt-1" aria-label="Cambios">
      {cambios.map((c) => (
        <li key={c.campo}>{cambioText(c)}</li>
      ))}
    </ul>
  );
}

function EventRows({ eventos, tipo, nombres }: { eventos: EventoAuditoria[]; tipo: TipoConEstado; nombres: Nombres }) {
  const changes = entityChanges(tipo, eventos, nombres);
  return (
    <AuditRows
      empty={MESSAGES.historialVacio}
      label={TITLES.historial}
      rows={eventos}
      rowKey={(e) => e.posicion}
      columns={[
        { header: 'Fecha', className: 'text-nowrap', cell: (e) => formatInstant(e.registrado) },
        { header: 'Usuario', cell: (e) => e.usuario },
        { header: 'Local', cell: (e) => e.localNombre ?? '' },
        {
          header: 'Resumen',
          cell: (e, index) => (
            <>
              {e.resumen}
              {changes.has(index) && <Changes cambios={changes.get(index) ?? null} />}
            </>
          ),
        },
      ]}
    />
  );
}

/** One product's, movement's or patient's events, oldest first (an edit with its field changes),
 * and the entity as it stood at a chosen moment, as `Campo: valor` lines. Admins only: the server
 * refuses the rest. */
export function EntityHistory({ tipo, id }: Props) {
  const history = useHistorialAuditoriaQuery({ tipo, id }, { refetchOnMountOrArgChange: true });
  const [verEstado, estado] = useLazyEstadoAuditoriaQuery();
  // The patients named in these events and in the state shown (a movement's), by name.
  const nombres = useConPacientes(useNombres(), pacienteIds([history.currentData, estado.currentData]));

  const failed = history.isError && !handledElsewhere(history.error);
  const estadoFailed = estado.isError && !handledElsewhere(estado.error);

  return (
    <section className="mt-4" aria-labelledby={`historial-${tipo}`}>
      <h3 className="h4" id={`historial-${tipo}`}>
        {TITLES.historial}
      </h3>
      {history.isFetching && !history.currentData && <p className="text-muted">{MESSAGES.cargando}</p>}
      {failed && <p className="alert alert-danger">{MESSAGES.historialFallo}</p>}
      {!failed && history.currentData && <EventRows eventos={history.currentData} tipo={tipo} nombres={nombres} />}
      <AsOfControl
        id="historialMomento"
        label="Fecha y hora del estado"
        button="Ver al momento"
        busy={estado.isFetching}
        onSubmit={(hasta) => void verEstado({ tipo, id, hasta })}
      />
      {estado.isFetching && <p className="text-muted">{MESSAGES.cargando}</p>}
      {estadoFailed && <p className="alert alert-warning">{errorText(estado.error) ?? MESSAGES.estadoFallo}</p>}
      {!estado.isFetching && !estado.isError && estado.currentData !== undefined && (
        <div className="bg-light p-2 border rounded">
          <Lines lines={stateLines(tipo, estado.currentData, nombres)} label={TITLES.estadoAlMomento} />
        </div>
      )}
    </section>
  );
}
