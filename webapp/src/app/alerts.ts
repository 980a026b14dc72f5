// Every message the user sees goes through sweetalert2, with the texts of the specification.
import Swal, { type SweetAlertIcon } from 'sweetalert2';

export function alert(icon: SweetAlertIcon, title: string, text?: string) {
  return Swal.fire({ icon, title, text });
}

/** A confirmation dialog; resolves true when the user accepts. */
export async function confirm(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const result = await Swal.fire({
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
  return Swal.fire({
    toast: true,
    position: 'top-end',
    icon,
    title,
    showConfirmButton: false,
    timer,
    timerProgressBar: true,
  });
}
