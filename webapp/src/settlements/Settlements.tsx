import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorText, handledElsewhere } from '../api/base';
import { useObrasSocialesQuery } from '../api/insurers';
import { positiveId } from '../ui/editScreen';
import { SelectField } from '../ui/fields';
import { LABELS, MESSAGES } from './messages';
import { PendingSales } from './PendingSales';
import { LIQUIDACIONES, mesAnterior, mesesElegibles, mesValido, ordenadas } from './rules';
import { SettlementList } from './SettlementList';

/**
 * Route obrasSociales/liquidaciones (admins): the obra social and the month (last month to
 * start with), its covered sales of that month not presented yet to check and present, and below
 * the liquidaciones presented (the chosen obra social's, else every one's). The choice is kept in
 * the address (`?obraSocial=1&mes=2026-11`), so 'Volver' from a liquidación finds it again.
 */
export function Settlements() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const obraSocialId = positiveId(params.get('obraSocial') ?? undefined) ?? 0;
  const pedido = params.get('mes');
  const mes = mesValido(pedido) ? pedido : mesAnterior();
  // Read afresh each time the screen opens: another admin may have added one.
  const obras = useObrasSocialesQuery(undefined, { refetchOnMountOrArgChange: true });
  const obrasSociales = ordenadas(obras.currentData ?? []);
  const elegida = obrasSociales.find((os) => os.id === obraSocialId) ?? null;

  const elegir = (change: { obraSocial?: number; mes?: string }) => {
    const next = { obraSocial: obraSocialId, mes, ...change };
    const search = new URLSearchParams();
    if (next.obraSocial) search.set('obraSocial', String(next.obraSocial));
    search.set('mes', next.mes);
    setParams(search, { replace: true });
  };

  return (
    <section>
      <h2 className="text-center mb-3">LIQUIDACIONES</h2>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <p className="text-muted small mb-0">{MESSAGES.ayuda}</p>
        <Link className="btn btn-outline-secondary btn-sm" to="/obrasSociales">
          Obras sociales
        </Link>
      </div>
      <div className="row g-2 mb-3" role="group" aria-label="Obra social y mes">
        <SelectField
          id="liquidacionObraSocial"
          label={LABELS.obraSocial}
          className="col-sm-6 col-lg-4"
          value={obraSocialId}
          onChange={(id) => elegir({ obraSocial: id })}
          disabled={!obras.currentData}
          options={[
            { value: 0, label: obras.currentData ? 'Elegí la obra social' : MESSAGES.cargando },
            ...obrasSociales.map((os) => ({ value: os.id, label: os.nombre })),
          ]}
        />
        <SelectField
          id="liquidacionMes"
          label={LABELS.mes}
          className="col-sm-6 col-lg-3"
          value={mes}
          onChange={(value) => elegir({ mes: value })}
          options={mesesElegibles(new Date(), mes)}
        />
      </div>
      {obras.isError && !handledElsewhere(obras.error) && (
        <p className="alert alert-danger">{errorText(obras.error) ?? MESSAGES.obrasSocialesFallo}</p>
      )}
      {obras.currentData?.length === 0 && <p className="alert alert-info">{MESSAGES.sinObrasSociales}</p>}
      {elegida ? (
        <PendingSales
          key={`${elegida.id}/${mes}`}
          obraSocial={elegida}
          mes={mes}
          onPresented={(id) => navigate(`${LIQUIDACIONES}/${id}`)}
        />
      ) : (
        obrasSociales.length > 0 && <p className="alert alert-info">{MESSAGES.elegirObraSocial}</p>
      )}
      {obras.currentData && <SettlementList obraSocial={elegida} />}
    </section>
  );
}
