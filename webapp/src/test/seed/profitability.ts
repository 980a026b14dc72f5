// The profitability report as the server writes it: November 2026 by brand, a brand sold at a
// loss, one with lines sold without a recorded cost, the additional lines last; card surcharges
// apart; two lines sold at $ 0 (one without receipt, cost or reason).
import type { Rentabilidad } from '../../api/profitability';
import { seeded } from './defaults';

export const rentabilidad = seeded<Rentabilidad>(() => ({
  desde: '2026-11-01',
  hasta: '2026-11-29',
  totales: {
    unidades: 9,
    ingresos: 256000.5,
    costo: 123000,
    margen: 133000.5,
    margenPorcentaje: 52,
    lineasSinCosto: 2,
  },
  grupos: [
    {
      grupo: 'Oakley',
      unidades: 1,
      ingresos: 2000,
      costo: 3000,
      margen: -1000,
      margenPorcentaje: -50,
      lineasSinCosto: 0,
    },
    {
      grupo: 'Ray-Ban',
      unidades: 3,
      ingresos: 150000,
      costo: 70000,
      margen: 80000,
      margenPorcentaje: 53.3,
      lineasSinCosto: 0,
    },
    {
      grupo: 'Vulk',
      unidades: 5,
      ingresos: 60000.5,
      costo: 50000,
      margen: 10000.5,
      margenPorcentaje: 16.7,
      lineasSinCosto: 2,
    },
    {
      grupo: 'Detalles adicionales',
      unidades: 0,
      ingresos: 44000,
      costo: 0,
      margen: 44000,
      margenPorcentaje: 100,
      lineasSinCosto: 0,
    },
  ],
  recargosTarjeta: 28500,
  sinCargo: [
    {
      movimientoId: 42,
      comprobante: '0001-00000004',
      fecha: '2026-11-29T11:00:00',
      producto: 'Vulk X Vulk',
      cantidad: 1,
      costo: 20000,
      motivo: 'Garantía',
    },
    {
      movimientoId: 7,
      comprobante: null,
      fecha: '2026-11-03T09:15:00',
      producto: 'Estuche rígido',
      cantidad: 2,
      costo: null,
      motivo: null,
    },
  ],
  sinCargoRecortado: false,
}));
