// Every message the user sees goes through sweetalert2, with the texts of the specification.
// The library arrives with the first message, not with the first load of the app.
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';

const fire = async (options: SweetAlertOptions): Promise<SweetAlertResult> =>
  (await import('sweetalert2')).default.fire(options);

/** A message with its one button; the library's default would say 'OK'. */
export function alert(icon: SweetAlertIcon, title: string, text?: string) {
  return fire({ icon, title, text, confirmButtonText: 'Aceptar' });
}

/** A confirmation dialog; resolves true when the user accepts. */
export async function confirm(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const result = await fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: 'Cancelar',
  });
  return result.isConfirmed;
}

/** A small notice in the top corner that closes itself after `timer` milliseconds. */
export function toast(icon: SweetAlertIcon, title: string, timer: number) {
  return fire({
    toast: true,
    position: 'top-end',
    icon,
    title,
    showConfirmButton: false,
    timer,
    timerProgressBar: true,
  });
}
