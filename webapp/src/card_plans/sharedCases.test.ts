// The cases the server computes too (tests/cases/card_plans.json, read by
// command/src/card_plans/tests.rs as well): what a card is charged for a payment in cuotas, each
// instalment and the words of the receipt. The web app shows them before it saves; the same file
// in both suites keeps the two copies of the arithmetic from drifting apart.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { conRecargo, cuotasTexto, planTexto, valorCuota } from './rules';

interface Caso {
  nombre: string;
  monto: number;
  recargo: number;
  cuotas: number;
  montoImpuesto: number;
  valorCuota: number;
  texto: string;
}

const FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases/card_plans.json');
const casos = (JSON.parse(readFileSync(FILE, 'utf8')) as { casos: Caso[] }).casos;

describe('a payment in cuotas, as the server charges it', () => {
  it('reads the shared cases', () => {
    expect(casos.length).toBeGreaterThan(0);
  });

  for (const caso of casos) {
    it(caso.nombre, () => {
      const montoImpuesto = conRecargo(caso.monto, caso.recargo);
      expect(montoImpuesto).toBe(caso.montoImpuesto);
      expect(valorCuota(montoImpuesto, caso.cuotas)).toBe(caso.valorCuota);
      expect(cuotasTexto(caso.cuotas, caso.valorCuota)).toBe(caso.texto);
      expect(planTexto(caso.cuotas, montoImpuesto)).toBe(caso.texto);
    });
  }
});
