import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { errorText, handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import {
  useExcelVentasMutation,
  usePacientesPorSucursalQuery,
  useStockPorMaterialQuery,
  useStockPorSucursalQuery,
  useIngresosQuery,
  useTotalVendidoQuery,
  useVentasPorDiaQuery,
  type ExcelVentas,
} from '../api/statistics';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { formatFecha } from '../lib/dates';
import { isAdmin } from '../session/sessionSlice';
import { SavingOverlay } from '../ui/SavingOverlay';
import { MESSAGES, TITLES } from './messages';
import { MethodCards, QuantityCard, SalesBlock } from './PeriodFigures';
import {
  emptyFiltro,
  endBeforeStart,
  hasDates,
  marcasFileName,
  stockYPacientes,
  toPeriodo,
  totalesDeIngresos,
  ventasFileName,
  type StatisticsFiltro,
} from './rules';
import { StatisticsFilters } from './StatisticsFilters';
import { StockPorMaterialTable, StockYPacientesTable } from './StockTables';

/** Every figure is read again on arrival: the cash box may have changed since. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

const sameFiltro = (a: StatisticsFiltro, b: StatisticsFiltro) => JSON.stringify(a) === JSON.stringify(b);

/** Route estadistica (staff): the statistics are for admins; sellers see the title and a note. */
export function Statistics() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  return (
    <section>
      <h2 className="text-center mb-3">ESTADÍSTICAS</h2>
      {admin ? <AdminStatistics /> : <p className="text-muted text-center">{MESSAGES.soloAdministradores}</p>}
    </section>
  );
}

/** A branch (or all) and a period: cash per payment method, units sold, sales per day with their
 * charts, the two sales workbooks; and, whatever the period, the stock per material and per
 * branch with the patients. */
function AdminStatistics() {
  const localesQuery = useListLookupQuery('/api/local');
  const locales = localesQuery.currentData ?? [];
  const [draft, setDraft] = useState(emptyFiltro);
  const [applied, setApplied] = useState<StatisticsFiltro | null>(null);

  const periodo = applied ? toPeriodo(applied) : skipToken;
  // What came in, by the day and branch of the money: the figure the closings count.
  const ganado = useIngresosQuery(periodo, FRESH);
  const totales = ganado.currentData && totalesDeIngresos(ganado.currentData);
  const vendido = useTotalVendidoQuery(periodo, FRESH);
  const ventas = useVentasPorDiaQuery(periodo, FRESH);

  // The stock per material of the applied branch; for all of them, of each branch added up.
  const materialLocal = applied?.local ?? 0;
  const materialIds = materialLocal ? [materialLocal] : localesQuery.currentData?.map((l) => l.id);
  const material = useStockPorMaterialQuery(materialIds ?? skipToken, FRESH);
  const porLocal = useStockPorSucursalQuery(undefined, FRESH);
  const pacientes = usePacientesPorSucursalQuery(undefined, FRESH);

  const [generate, excel] = useExcelVentasMutation();

  const nombreLocal = (id: number) => (id ? (locales.find((l) => l.id === id)?.nombre ?? String(id)) : undefined);

  /** Reports need both days, the end not before the start; warns and answers false otherwise. */
  const periodOk = (f: StatisticsFiltro) => {
    if (!hasDates(f)) {
      void alert('warning', TITLES.atencion, MESSAGES.faltanFechas);
      return false;
    }
    if (endBeforeStart(f)) {
      void alert('warning', TITLES.atencion, MESSAGES.finAntesDeInicio);
      return false;
    }
    return true;
  };

  const aplicar = () => {
    if (!periodOk(draft)) return;
    if (applied && sameFiltro(applied, draft)) {
      void ganado.refetch();
      void vendido.refetch();
      void ventas.refetch();
      if (materialIds) void material.refetch();
    }
    void porLocal.refetch();
    void pacientes.refetch();
    setApplied(draft);
  };

  const limpiar = () => {
    setDraft(emptyFiltro());
    setApplied(null);
  };

  const descargar = async (kind: ExcelVentas) => {
    if (!periodOk(draft)) return;
    const nombre = nombreLocal(draft.local);
    const fileName = kind === 'ventas' ? ventasFileName(nombre, draft) : marcasFileName(nombre, draft);
    try {
      await generate({ excel: kind, periodo: toPeriodo(draft), fileName }).unwrap();
      void alert('success', TITLES.exito, MESSAGES.excelGenerado);
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.excelFallo);
    }
  };

  const periodError = [ganado, vendido, ventas].find((q) => q.isError && !handledElsewhere(q.error))?.error;
  const busy = ganado.isFetching || vendido.isFetching || ventas.isFetching || excel.isLoading;

  const materialFailed =
    (material.isError && !handledElsewhere(material.error)) ||
    (!materialLocal && localesQuery.isError && !handledElsewhere(localesQuery.error));
  const localesFailed = [porLocal, pacientes].some((q) => q.isError && !handledElsewhere(q.error));

  return (
    <>
      <StatisticsFilters value={draft} onChange={setDraft} locales={locales} onSubmit={aplicar} onClear={limpiar} />
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-3">
        <button
          type="button"
          className="btn btn-success"
          disabled={excel.isLoading}
          onClick={() => descargar('ventas')}
        >
          Descargar ventas
        </button>
        <button
          type="button"
          className="btn btn-success"
          disabled={excel.isLoading}
          onClick={() => descargar('marcas')}
        >
          Descargar marcas vendidas
        </button>
      </div>

      {applied === null ? (
        <p className="text-muted text-center">{MESSAGES.elegirPeriodo}</p>
      ) : (
        <>
          <p className="fw-semibold">
            Del {formatFecha(applied.fechaInicio)} al {formatFecha(applied.fechaFin)} ·{' '}
            {nombreLocal(applied.local) ?? 'Todos los locales'}
          </p>
          {periodError !== undefined && (
            <p className="alert alert-danger">{errorText(periodError) ?? MESSAGES.cargaFallo}</p>
          )}
          <p className="small text-muted mb-2" data-testid="que-es-cada-cifra">
            {MESSAGES.queEsCadaCifra}
          </p>
          <div className="row g-3 mb-3">
            {totales && <MethodCards totales={totales} />}
            {vendido.currentData && <QuantityCard cantidad={vendido.currentData} />}
          </div>
          {ventas.currentData && <SalesBlock dias={ventas.currentData} totales={totales} filtro={applied} />}
        </>
      )}

      <div className="row g-3">
        <div className="col-md-6">
          <section className="card h-100">
            <div className="card-body">
              {materialFailed ? (
                <p className="alert alert-danger mb-0">{MESSAGES.stockFallo}</p>
              ) : material.currentData ? (
                <StockPorMaterialTable
                  rows={material.currentData}
                  local={nombreLocal(materialLocal) ?? 'Todos los locales'}
                />
              ) : (
                <p className="text-muted mb-0">{MESSAGES.cargando}</p>
              )}
            </div>
          </section>
        </div>
        <div className="col-md-6">
          <section className="card h-100">
            <div className="card-body">
              {localesFailed ? (
                <p className="alert alert-danger mb-0">{MESSAGES.stockFallo}</p>
              ) : porLocal.currentData && pacientes.currentData ? (
                <StockYPacientesTable rows={stockYPacientes(porLocal.currentData, pacientes.currentData)} />
              ) : (
                <p className="text-muted mb-0">{MESSAGES.cargando}</p>
              )}
            </div>
          </section>
        </div>
      </div>
      <SavingOverlay show={busy} label={MESSAGES.cargando} />
    </>
  );
}
