// The one seed of the tests: the server's answers as it writes them, built from defaults that a
// test overrides where it matters. Import from here, not from the files.
export * from './audit';
export * from './balances';
export * from './catalogue';
export * from './closings';
export * from './counts';
export * from './insurers';
export * from './jobs';
export * from './movements';
export * from './patients';
export * from './profitability';
export * from './settlements';
export * from './shop';
export * from './statistics';
export * from './stock';
export * from './transfers';
export * from './users';
