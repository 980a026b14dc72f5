import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, handledElsewhere } from '../api/base';
import { useRecordatoriosQuery } from '../api/jobs';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { formatFecha, formatFechaHora } from '../lib/dates';
import { WHOLE } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import { NumberInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES } from './messages';
import { recordatoriosFiltro, whatsappUrl } from './rules';
import '../ui/stackedTable.css';

/** A row's one-click WhatsApp link with the server's message, or why there is none. */
function WhatsappLink({ link, paciente }: { link: string | null | undefined; paciente: string }) {
  const url = whatsappUrl(link);
  if (!url) return <span className="text-muted small">{MESSAGES.sinCelular}</span>;
  return (
    <a
      className="btn btn-success btn-sm"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`WhatsApp a ${paciente}`}
    >
      WhatsApp
    </a>
  );
}

/**
 * Route recordatorios (staff): who to remind. 'Controles vencidos', the patients whose latest
 * ficha is older than the months asked; 'Anteojos sin retirar', the finished jobs waiting more
 * than the days asked. Each with a one-click WhatsApp link (a seller sees their branch's).
 */
export function Reminders() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [mesesText, setMeses] = useState('12');
  const [diasText, setDias] = useState('7');
  const [localId, setLocalId] = useState(0);
  const { meses, dias, problems } = recordatoriosFiltro(mesesText, diasText);
  const query = useRecordatoriosQuery(
    { meses, dias, localId },
    { skip: problems.length > 0, refetchOnMountOrArgChange: true },
  );
  const data = query.isError ? undefined : query.currentData;

  return (
    <section>
      <h2 className="text-center mb-3">RECORDATORIOS</h2>
      <div className="row g-2 mb-2 align-items-end">
        <div className="col-6 col-md-3">
          <label htmlFor="recordatorioMeses" className="form-label">
            Meses desde la última ficha
          </label>
          <NumberInput id="recordatorioMeses" rule={WHOLE} value={mesesText} onValueChange={setMeses} />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="recordatorioDias" className="form-label">
            Días esperando retiro
          </label>
          <NumberInput id="recordatorioDias" rule={WHOLE} value={diasText} onValueChange={setDias} />
        </div>
        {admin && (
          <BranchFilter
            id="recordatorioLocal"
            className="col-md-3"
            value={localId}
            locales={locales}
            onChange={setLocalId}
          />
        )}
      </div>
      <SaveProblems id="recordatorio-problems" problems={problems} />
      {query.isError && !handledElsewhere(query.error) && (
        <p className="alert alert-danger">{errorText(query.error) ?? MESSAGES.recordatoriosFallo}</p>
      )}
      {!query.isError && !data && problems.length === 0 && <p className="text-muted">{MESSAGES.cargando}</p>}
      {data && (
        <>
          <h3 className="h5 mt-3">Controles vencidos</h3>
          {data.controles.length === 0 ? (
            <p className="text-muted">{MESSAGES.sinControles}</p>
          ) : (
            <div className="table-responsive">
              <table className="table align-middle table-stacked" aria-label="Controles vencidos">
                <thead>
                  <tr>
                    <th scope="col">Paciente</th>
                    <th scope="col">Celular</th>
                    <th scope="col">Última ficha</th>
                    <th scope="col">Aviso</th>
                  </tr>
                </thead>
                <tbody>
                  {data.controles.map((c) => (
                    <tr key={c.pacienteId} data-testid={`control-${c.pacienteId}`}>
                      <td data-label="Paciente">
                        <Link to={`/editarPaciente/${c.pacienteId}`}>{c.paciente}</Link>
                      </td>
                      <td data-label="Celular">{c.celular}</td>
                      <td data-label="Última ficha">{formatFecha(c.ultimaFicha)}</td>
                      <td data-label="Aviso">
                        <WhatsappLink link={c.whatsapp} paciente={c.paciente} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3 className="h5 mt-3">Anteojos sin retirar</h3>
          {data.sinRetirar.length === 0 ? (
            <p className="text-muted">{MESSAGES.sinRetirar}</p>
          ) : (
            <div className="table-responsive">
              <table className="table align-middle table-stacked" aria-label="Anteojos sin retirar">
                <thead>
                  <tr>
                    <th scope="col">Trabajo</th>
                    <th scope="col">Paciente</th>
                    <th scope="col">Celular</th>
                    <th scope="col">Listo desde</th>
                    <th scope="col">Local</th>
                    <th scope="col">Aviso</th>
                  </tr>
                </thead>
                <tbody>
                  {data.sinRetirar.map((s) => (
                    <tr key={s.id} data-testid={`sin-retirar-${s.id}`}>
                      <td data-label="Trabajo">
                        <Link to={`/trabajos/${s.id}`}>#{s.id}</Link>
                      </td>
                      <td data-label="Paciente">{s.paciente ?? ''}</td>
                      <td data-label="Celular">{s.celular ?? ''}</td>
                      <td data-label="Listo desde" className="text-nowrap">
                        {formatFechaHora(s.listoDesde)}
                      </td>
                      <td data-label="Local">{s.local ?? ''}</td>
                      <td data-label="Aviso">
                        <WhatsappLink link={s.whatsapp} paciente={s.paciente ?? ''} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
