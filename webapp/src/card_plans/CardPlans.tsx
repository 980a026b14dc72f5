import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePlanesMetodoQuery, type PlanesMetodo, type Tasa } from '../api/cardPlans';
import { formatFecha, isoDate } from '../lib/dates';
import { DataTable } from '../ui/DataTable';
import { useRouteId } from '../ui/editScreen';
import { Loaded } from '../ui/Loaded';
import { useForm } from '../ui/useForm';
import { MESSAGES } from './messages';
import { PlanForm } from './PlanForm';
import { RetireDialog } from './RetireDialog';
import { cuotasNombre, planFila, tasaInicial, tasaTexto, type PlanFila, type TasaForm } from './rules';

/** Where the screen goes back to: the payment methods' administration. */
const BACK = '/adminitrarMetodoPago';

/** A plan's rates before or after today's, one a line. */
function Tasas({ tasas }: { tasas: Tasa[] }) {
  if (tasas.length === 0) return <span className="text-muted">{MESSAGES.ninguno}</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {tasas.map((t) => (
        <li key={t.desde}>{tasaTexto(t)}</li>
      ))}
    </ul>
  );
}

/**
 * Route metodosPago/:id/planes (admins): a card's plans in cuotas, each with today's surcharge
 * ('sin interés', '10 %') and since when, the rates to come and those before; a new plan or a new
 * rate from a day on, and 'Dejar de ofrecer' a plan from a day on. Payments already charged keep
 * the rate they were charged at, whatever changes here.
 */
export function CardPlans() {
  const id = useRouteId();
  const query = usePlanesMetodoQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  const hoy = isoDate(new Date());
  const { form, setForm, set } = useForm<TasaForm>(() => tasaInicial(hoy));
  const [retirando, setRetirando] = useState<PlanFila | null>(null);
  const metodo = query.isError ? undefined : query.currentData?.metodoPago;

  const changeRate = (cuotas: number) => {
    setForm(tasaInicial(hoy, String(cuotas)));
    document.getElementById('planRecargo')?.focus();
  };

  const table = (planes: PlanesMetodo) => (
    <DataTable
      label="Planes de cuotas"
      rows={planes.planes.map((p) => planFila(p, hoy))}
      rowKey={(p) => p.cuotas}
      rowTestId={(p) => `plan-${p.cuotas}`}
      empty={<p className="alert alert-info">{MESSAGES.sinPlanes}</p>}
      columns={[
        { header: 'Plan', className: 'text-nowrap', cell: (p) => cuotasNombre(p.cuotas) },
        { header: 'Recargo hoy', cell: (p) => p.hoy },
        { header: 'Desde', cell: (p) => (p.desde ? formatFecha(p.desde) : MESSAGES.ninguno) },
        { header: 'Próximos cambios', cell: (p) => <Tasas tasas={p.proximas} /> },
        { header: 'Anteriores', cell: (p) => <Tasas tasas={p.anteriores} /> },
        {
          header: 'Acciones',
          cell: (p) => (
            <div className="d-flex flex-wrap gap-1">
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                aria-label={`Cambiar el recargo de ${cuotasNombre(p.cuotas)}`}
                onClick={() => changeRate(p.cuotas)}
              >
                Cambiar recargo
              </button>
              {p.retirable && (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={`Dejar de ofrecer ${cuotasNombre(p.cuotas)}`}
                  onClick={() => setRetirando(p)}
                >
                  Dejar de ofrecer
                </button>
              )}
            </div>
          ),
        },
      ]}
    />
  );

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0 me-auto">{metodo ? `Planes de cuotas de ${metodo.nombre}` : 'Planes de cuotas'}</h2>
        <Link className="btn btn-secondary" to={BACK}>
          Volver a métodos de pago
        </Link>
      </div>
      <p className="small text-muted">{MESSAGES.ayuda}</p>
      {id === null ? (
        <p className="alert alert-danger">{MESSAGES.metodoInvalido}</p>
      ) : (
        <Loaded query={query} failed={MESSAGES.listaFallo} loading={MESSAGES.cargando}>
          {(planes) => (
            <>
              {table(planes)}
              <PlanForm metodoPagoId={id} form={form} set={set} onSaved={() => setForm(tasaInicial(hoy))} />
            </>
          )}
        </Loaded>
      )}
      {retirando && metodo && id !== null && (
        <RetireDialog
          key={retirando.cuotas}
          metodoPagoId={id}
          metodo={metodo.nombre}
          cuotas={retirando.cuotas}
          desde={retirando.retiroDesde}
          onClose={() => setRetirando(null)}
        />
      )}
    </section>
  );
}
