// The enabling and validation rules of the lookup screens, kept pure so they are tested alone.
import type { LookupItem } from '../api/types';
import type { Field, FieldName } from './screens';

export type FormValues = Record<FieldName, string>;

export const emptyForm: FormValues = { nombre: '', direccion: '', celular: '' };

/** Every field of the screen is required (blank text does not count) and within its limit. */
export function isFormValid(fields: Field[], values: FormValues): boolean {
  return fields.every((f) => {
    const v = values[f.name].trim();
    return v !== '' && v.length <= f.maxLength;
  });
}

/** Create needs a valid form and no selection; edit needs a selection and a valid form;
 * delete needs a selection. */
export function buttonStates(selected: boolean, valid: boolean) {
  return { create: valid && !selected, edit: selected && valid, remove: selected };
}

export function formFromItem(item: LookupItem): FormValues {
  return { nombre: item.nombre ?? '', direccion: item.direccion ?? '', celular: item.celular ?? '' };
}

/** The body sent to the server: only the screen's fields, trimmed. */
export function bodyFromForm(fields: Field[], values: FormValues) {
  return Object.fromEntries(fields.map((f) => [f.name, values[f.name].trim()]));
}
