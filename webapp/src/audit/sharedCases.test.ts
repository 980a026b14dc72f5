// The audit's words, shared with the server (tests/cases/audit_labels.json, read by
// query/src/audit/labels.rs too): the screens show these labels, and the server's filters take
// them back, so the two lists must not drift apart.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTIDADES, entidadLabel } from '../api/audit';
import { eventoLabel } from './eventLines';

interface Casos {
  entidades: { tipo: string; etiqueta: string }[];
  eventos: { evento: string; etiqueta: string }[];
}

const FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases/audit_labels.json');
const casos = JSON.parse(readFileSync(FILE, 'utf8')) as Casos;

describe('the audit labels the server reads back', () => {
  it('lists every kind with the label the server takes, in the same order', () => {
    expect(ENTIDADES).toEqual(casos.entidades);
    for (const e of casos.entidades) expect(entidadLabel(e.tipo)).toBe(e.etiqueta);
  });

  it('shows each event type as the label its filter takes', () => {
    for (const e of casos.eventos) expect(eventoLabel(e.evento)).toBe(e.etiqueta);
  });
});
