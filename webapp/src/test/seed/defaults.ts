// How every seed record is built: the server's answer with the seed's values, which a test
// overrides where it matters. Each call builds the record afresh, so a test may change its copy.
export const seeded =
  <T>(defaults: () => T) =>
  (overrides: Partial<T> = {}): T => ({ ...defaults(), ...overrides });
