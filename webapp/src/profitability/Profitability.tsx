import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import {
  useRentabilidadExcelMutation,
  useRentabilidadQuery,
  type Agrupar,
  type RentabilidadFiltro,
} from '../api/profitability';
import type { LookupItem } from '../api/types';
import { alert } from '../app/alerts';
import { formatFecha } from '../lib/dates';
import { SavingOverlay } from '../ui/SavingOverlay';
import { ChartPanel } from './ChartPanel';
import { FreeLines } from './FreeLines';
import { GroupsTable } from './GroupsTable';
import { EXPLICACION, MESSAGES, TITLES } from './messages';
import { ProfitabilityFilters } from './ProfitabilityFilters';
import { excelFileName, filtroInicial, mensajeDe, ordenados, tablaNombre } from './rules';
import { TotalFigures } from './TotalFigures';

/** Every report is read again on arrival: the cash box may have changed since. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

const sameFiltro = (a: RentabilidadFiltro, b: RentabilidadFiltro) => JSON.stringify(a) === JSON.stringify(b);

const nombreDe = (items: readonly LookupItem[], id: number) => items.find((i) => i.id === id)?.nombre ?? `#${id}`;

/** 'Del 01/11/2026 al 29/11/2026 · Todos los locales · Marca: Vulk · Vendedor: ana': what the
 * report shown was asked for, in the server's reading of the period. */
function resumen(
  f: RentabilidadFiltro,
  desde: string,
  hasta: string,
  lookups: { locales: LookupItem[]; marcas: LookupItem[]; categorias: LookupItem[] },
) {
  return [
    `Del ${formatFecha(desde)} al ${formatFecha(hasta)}`,
    f.localId ? nombreDe(lookups.locales, f.localId) : 'Todos los locales',
    f.marcaId ? `Marca: ${nombreDe(lookups.marcas, f.marcaId)}` : '',
    f.categoriaId ? `Categoría: ${nombreDe(lookups.categorias, f.categoriaId)}` : '',
    f.vendedor.trim() ? `Vendedor: ${f.vendedor.trim()}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Route rentabilidad (admins): the owner's true margin over a period. The income charged after
 * each sale's discount and net of the period's returns, against what the products cost when they
 * were sold, by brand, category, branch, seller or month; the card surcharges apart; the products
 * given at $ 0; the same as a workbook. The server computes every figure; the page asks, names
 * and writes them.
 */
export function Profitability() {
  const locales = ordenados(useListLookupQuery('/api/local').currentData ?? []);
  const marcas = ordenados(useListLookupQuery('/api/marca').currentData ?? []);
  const categorias = ordenados(useListLookupQuery('/api/categoria').currentData ?? []);
  const [draft, setDraft] = useState(() => filtroInicial());
  const [applied, setApplied] = useState<RentabilidadFiltro | null>(null);
  const report = useRentabilidadQuery(applied ?? skipToken, FRESH);
  const [generate, excel] = useRentabilidadExcelMutation();

  const ver = (filtro: RentabilidadFiltro = draft) => {
    // The same filters again read the report again (a sale may have been recorded since).
    if (applied && sameFiltro(applied, filtro)) void report.refetch();
    setApplied(filtro);
  };

  // Once a report was asked for, a new grouping reads it again at once, as 'Ver' would; before
  // that it waits for 'Ver' like every other filter.
  const agrupar = (value: Agrupar) => {
    const next = { ...draft, agrupar: value };
    setDraft(next);
    if (applied) ver(next);
  };

  const limpiar = () => {
    setDraft(filtroInicial());
    setApplied(null);
  };

  // The workbook of the form as it stands; the server judges the period as it does the report's.
  const descargar = async () => {
    try {
      await generate({ filtro: draft, fileName: excelFileName(draft) }).unwrap();
      void alert('success', TITLES.exito, MESSAGES.excelGenerado);
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, mensajeDe(error) ?? MESSAGES.excelFallo);
    }
  };

  const data = report.currentData;
  const failed = report.isError && !handledElsewhere(report.error);

  return (
    <section>
      <h2 className="text-center mb-3">RENTABILIDAD</h2>
      <ProfitabilityFilters
        value={draft}
        onChange={setDraft}
        locales={locales}
        marcas={marcas}
        categorias={categorias}
        onSubmit={() => ver()}
        onClear={limpiar}
        onAgrupar={agrupar}
      />
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-3">
        <button type="button" className="btn btn-success" disabled={excel.isLoading} onClick={() => void descargar()}>
          Descargar Excel
        </button>
      </div>

      {applied === null && <p className="text-muted text-center">{MESSAGES.elegirPeriodo}</p>}
      {applied !== null && failed && (
        <p className="alert alert-danger" role="alert">
          {mensajeDe(report.error) ?? MESSAGES.cargaFallo}
        </p>
      )}
      {applied !== null && data && (
        <>
          <p className="fw-semibold" data-testid="rentabilidad-resumen">
            {resumen(applied, data.desde, data.hasta, { locales, marcas, categorias })}
          </p>
          <TotalFigures totales={data.totales} grupos={data.grupos} recargosTarjeta={data.recargosTarjeta} />
          <section className="mb-3" aria-labelledby="rentabilidad-grupos-title">
            <h3 className="h5" id="rentabilidad-grupos-title">
              {tablaNombre(applied.agrupar)}
            </h3>
            <GroupsTable agrupar={applied.agrupar} grupos={data.grupos} totales={data.totales} />
          </section>
          <ChartPanel agrupar={applied.agrupar} grupos={data.grupos} />
          <FreeLines lineas={data.sinCargo} recortado={data.sinCargoRecortado} />
        </>
      )}

      <section className="card bg-light" aria-labelledby="rentabilidad-como-title">
        <div className="card-body">
          <h3 className="h6" id="rentabilidad-como-title">
            Cómo se calcula
          </h3>
          <ul className="small mb-0 ps-3">
            {EXPLICACION.map((texto) => (
              <li key={texto}>{texto}</li>
            ))}
          </ul>
        </div>
      </section>
      <SavingOverlay show={report.isFetching || excel.isLoading} label={MESSAGES.cargando} />
    </section>
  );
}
