import type { Aviso, Paso } from '../api/jobs';
import { formatFechaHora } from '../lib/dates';
import { AVISO_ESTADOS, CANALES, MESSAGES } from './messages';
import { tiempoText } from './rules';
import '../ui/stackedTable.css';

/** The states the job went through: since when, who, why, and how long it stayed. */
export function History({ historial }: { historial: Paso[] }) {
  if (historial.length === 0) return <p className="text-muted small">{MESSAGES.sinHistorial}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle table-stacked" aria-label="Historial">
        <thead>
          <tr>
            <th scope="col">Estado</th>
            <th scope="col">Desde</th>
            <th scope="col">Usuario</th>
            <th scope="col">Motivo</th>
            <th scope="col">Tiempo en el estado</th>
          </tr>
        </thead>
        <tbody>
          {historial.map((p, i) => (
            <tr key={`${p.fecha}-${i}`}>
              <td data-label="Estado">{p.etiqueta}</td>
              <td data-label="Desde" className="text-nowrap">
                {formatFechaHora(p.fecha)}
              </td>
              <td data-label="Usuario">{p.usuario}</td>
              <td data-label="Motivo">{p.motivo ?? ''}</td>
              <td data-label="Tiempo en el estado" className="text-nowrap">
                {tiempoText(p.segundos)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The notices to the customer: by which channel, to whom, when asked for, and how they went. */
export function Notices({ avisos }: { avisos: Aviso[] }) {
  if (avisos.length === 0) return <p className="text-muted small">{MESSAGES.sinAvisos}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle table-stacked" aria-label="Avisos">
        <thead>
          <tr>
            <th scope="col">Canal</th>
            <th scope="col">Destinatario</th>
            <th scope="col">Solicitado</th>
            <th scope="col">Estado</th>
            <th scope="col">Error</th>
          </tr>
        </thead>
        <tbody>
          {avisos.map((a) => (
            <tr key={a.aviso} data-testid={`aviso-${a.aviso}`}>
              <td data-label="Canal">{CANALES[a.canal] ?? a.canal}</td>
              <td data-label="Destinatario" className="text-break">
                {a.destinatario}
              </td>
              <td data-label="Solicitado" className="text-nowrap">
                {formatFechaHora(a.solicitado)}
              </td>
              <td data-label="Estado" className={a.estado === 'FALLIDO' ? 'text-danger fw-semibold' : undefined}>
                {AVISO_ESTADOS[a.estado] ?? a.estado}
              </td>
              <td data-label="Error">{a.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
