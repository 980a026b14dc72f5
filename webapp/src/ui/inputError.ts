/** What a typed input says under it: why its text cannot be read, or, once left blank, that it
 * is required (when it is). Shared by the number and the date inputs, which read text alike. */
export const inputError = (
  reading: { kind: string; error?: string },
  left: boolean,
  requiredMessage: string | undefined,
): string | null =>
  reading.kind === 'invalid'
    ? (reading.error ?? null)
    : reading.kind === 'blank' && left && requiredMessage
      ? requiredMessage
      : null;
