// The texts of the session's own notices: the end of a session in another tab, the re-login over
// a form, and why a login button is disabled. Voseo, as the rest of the app.

export const SESSION_MESSAGES = {
  cerradaEnOtraPestana: 'La sesión se cerró en otra pestaña.',
  cambiosDescartados: 'Los cambios sin guardar de esta pestaña se descartaron.',
  sesionIniciada: 'Sesión iniciada',
  otroUsuarioEnOtraPestana: (username: string) =>
    `Se ingresó como ${username} en otra pestaña. Los cambios sin guardar de esta pestaña se descartaron.`,
  otroUsuario: (username: string, before: string) =>
    `Ingresaste como ${username}. Los cambios sin guardar de ${before} se descartaron.`,
  reloginTitulo: 'Tu sesión terminó',
  reloginTexto: 'Ingresá de nuevo para guardar. Lo que escribiste sigue en el formulario.',
  reloginOtroUsuario: 'Si ingresás con otro usuario, los cambios sin guardar se descartan.',
  credencialesIncorrectas: 'El usuario o la contraseña no son correctos.',
  sinConexion: 'No se pudo conectar con el servidor. Intentá nuevamente.',
  demasiadosIntentos: 'Demasiados intentos fallidos.',
} as const;

/** Why a login button is disabled, or null when it is not (blank fields only: spaces are
 * refused on submit, with the specification's alert). */
export function loginMissing(username: string, password: string): string | null {
  if (username === '' && password === '') return 'Escribí el usuario y la contraseña.';
  if (username === '') return 'Escribí el usuario.';
  if (password === '') return 'Escribí la contraseña.';
  return null;
}
