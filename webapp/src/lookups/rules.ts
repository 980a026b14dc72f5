// The enabling and validation rules of the lookup screens, kept pure so they are tested alone.
import type { LookupItem } from '../api/types';
import { PROBLEMS } from './messages';
import type { Field, FieldName } from './screens';

export type FormValues = Record<FieldName, string>;

export const emptyForm: FormValues = { nombre: '', direccion: '', celular: '' };

/** Characters as the server counts them (Unicode code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

/** What is wrong with one field, as the user reads it under the save buttons; null when it is fine.
 * Like the server: the value is trimmed, blank text does not count, the limit is in characters. */
export function fieldProblem(field: Field, value: string): string | null {
  const v = value.trim();
  if (v === '') return PROBLEMS.vacio(field.name);
  const n = length(v);
  if (n > field.maxLength) return PROBLEMS.largo(field.name, field.maxLength, n);
  return null;
}

/** Why the form cannot be saved (created or edited), field by field; empty when it can. */
export function saveProblems(fields: Field[], values: FormValues): string[] {
  return fields.map((f) => fieldProblem(f, values[f.name])).filter((p): p is string => p !== null);
}

/** Every field of the screen is required (blank text does not count) and within its limit. */
export function isFormValid(fields: Field[], values: FormValues): boolean {
  return saveProblems(fields, values).length === 0;
}

/** Create needs a valid form and no selection; edit needs a selection and a valid form;
 * delete needs a selection. */
export function buttonStates(selected: boolean, valid: boolean) {
  return { create: valid && !selected, edit: selected && valid, remove: selected };
}

export function formFromItem(item: LookupItem): FormValues {
  return { nombre: item.nombre ?? '', direccion: item.direccion ?? '', celular: item.celular ?? '' };
}

/** The body sent to the server: only the screen's fields, trimmed; a category's lens setting
 * when the screen has one. */
export function bodyFromForm(fields: Field[], values: FormValues, cristales?: boolean) {
  const body: Record<string, string | boolean> = Object.fromEntries(fields.map((f) => [f.name, values[f.name].trim()]));
  if (cristales !== undefined) body.cristales = cristales;
  return body;
}
