// The names of the three interfaces, apart from load-spec.ts: flags and --help check them without
// loading swagger-parser, ajv and yaml.
export type InterfaceName = 'ledger-query' | 'status' | 'verify';
export const INTERFACES: readonly InterfaceName[] = ['ledger-query', 'status', 'verify'];
