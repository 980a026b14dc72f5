import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useRecordatoriosQuery } from '../api/jobs';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { formatFecha, formatFechaHora } from '../lib/dates';
import { WHOLE } from '../lib/numbers';
import { ventaNumero } from '../lib/names';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import { DataTable } from '../ui/DataTable';
import { Field } from '../ui/fields';
import { Loaded } from '../ui/Loaded';
import { NumberInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES } from './messages';
import { recordatoriosFiltro, whatsappUrl } from './rules';

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

  return (
    <section>
      <h2 className="text-center mb-3">RECORDATORIOS</h2>
      <div className="row g-2 mb-2 align-items-end">
        <Field id="recordatorioMeses" label="Meses desde la última ficha" className="col-6 col-md-3">
          <NumberInput id="recordatorioMeses" rule={WHOLE} value={mesesText} onValueChange={setMeses} />
        </Field>
        <Field id="recordatorioDias" label="Días esperando retiro" className="col-6 col-md-3">
          <NumberInput id="recordatorioDias" rule={WHOLE} value={diasText} onValueChange={setDias} />
        </Field>
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
      <Loaded query={query} failed={MESSAGES.recordatoriosFallo} loading={MESSAGES.cargando} idle={problems.length > 0}>
        {(data) => (
          <>
            <h3 className="h5 mt-3">Controles vencidos</h3>
            <DataTable
              empty={<p className="text-muted">{MESSAGES.sinControles}</p>}
              label="Controles vencidos"
              rows={data.controles}
              rowKey={(c) => c.pacienteId}
              rowTestId={(c) => `control-${c.pacienteId}`}
              columns={[
                { header: 'Paciente', cell: (c) => <Link to={`/editarPaciente/${c.pacienteId}`}>{c.paciente}</Link> },
                { header: 'Celular', cell: (c) => c.celular },
                { header: 'Última ficha', cell: (c) => formatFecha(c.ultimaFicha) },
                { header: 'Aviso', cell: (c) => <WhatsappLink link={c.whatsapp} paciente={c.paciente} /> },
              ]}
            />
            <h3 className="h5 mt-3">Anteojos sin retirar</h3>
            <DataTable
              empty={<p className="text-muted">{MESSAGES.sinRetirar}</p>}
              label="Anteojos sin retirar"
              rows={data.sinRetirar}
              rowKey={(s) => s.id}
              rowTestId={(s) => `sin-retirar-${s.id}`}
              columns={[
                {
                  header: 'Venta',
                  className: 'text-nowrap',
                  cell: (s) => <Link to={`/trabajos/${s.id}`}>{ventaNumero(s, s.id)}</Link>,
                },
                { header: 'Paciente', cell: (s) => s.paciente ?? '' },
                { header: 'Celular', cell: (s) => s.celular ?? '' },
                { header: 'Listo desde', className: 'text-nowrap', cell: (s) => formatFechaHora(s.listoDesde) },
                { header: 'Local', cell: (s) => s.local ?? '' },
                { header: 'Aviso', cell: (s) => <WhatsappLink link={s.whatsapp} paciente={s.paciente ?? ''} /> },
              ]}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
