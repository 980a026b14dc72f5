import type { Aviso, Paso } from '../api/jobs';
import { formatFechaHora } from '../lib/dates';
import { DataTable } from '../ui/DataTable';
import { AVISO_ESTADOS, CANALES, MESSAGES } from './messages';
import { tiempoText } from './rules';

/** The states the job went through: since when, who, why, and how long it stayed. */
export function History({ historial }: { historial: Paso[] }) {
  return (
    <DataTable
      empty={<p className="text-muted small">{MESSAGES.sinHistorial}</p>}
      label="Historial"
      variant="table-sm"
      rows={historial}
      rowKey={(p, i) => `${p.fecha}-${i}`}
      columns={[
        { header: 'Estado', cell: (p) => p.etiqueta },
        { header: 'Desde', className: 'text-nowrap', cell: (p) => formatFechaHora(p.fecha) },
        { header: 'Usuario', cell: (p) => p.usuario },
        { header: 'Motivo', cell: (p) => p.motivo ?? '' },
        { header: 'Tiempo en el estado', className: 'text-nowrap', cell: (p) => tiempoText(p.segundos) },
      ]}
    />
  );
}

/** The notices to the customer: by which channel, to whom, when asked for, and how they went. */
export function Notices({ avisos }: { avisos: Aviso[] }) {
  return (
    <DataTable
      empty={<p className="text-muted small">{MESSAGES.sinAvisos}</p>}
      label="Avisos"
      variant="table-sm"
      rows={avisos}
      rowKey={(a) => a.aviso}
      rowTestId={(a) => `aviso-${a.aviso}`}
      columns={[
        { header: 'Canal', cell: (a) => CANALES[a.canal] },
        { header: 'Destinatario', className: 'text-break', cell: (a) => a.destinatario },
        { header: 'Solicitado', className: 'text-nowrap', cell: (a) => formatFechaHora(a.solicitado) },
        {
          header: 'Estado',
          className: (a) => (a.estado === 'FALLIDO' ? 'text-danger fw-semibold' : undefined),
          cell: (a) => AVISO_ESTADOS[a.estado],
        },
        { header: 'Error', cell: (a) => a.error ?? '' },
      ]}
    />
  );
}
