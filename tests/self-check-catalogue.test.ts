// The fault catalogue is usable by the self-check: at least 80 faults, unique kebab-case names, and
// every fault names only contract rules of its own interface (observed rules never fail a run, so a
// fault "caught" by one would be a fault nobody could catch).
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../reference/faults/catalogue.ts';
import { loadCatalogue } from '../src/rules/catalogue.ts';

describe('fault catalogue', () => {
  const catalogue = loadCatalogue();

  it('holds at least 80 faults with unique kebab-case names and a description', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(80);
    const names = FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const fault of FAULTS) {
      expect(fault.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(fault.description.length, fault.name).toBeGreaterThan(10);
      expect(Boolean(fault.request || fault.response), fault.name).toBe(true);
    }
  });

  it('names for each fault at least one rule, each a contract rule of the fault\'s interface', () => {
    for (const fault of FAULTS) {
      expect(fault.rules.length, fault.name).toBeGreaterThan(0);
      for (const id of fault.rules) {
        const rule = catalogue.get(id);
        expect(rule, `${fault.name}: ${id} is not in specs/rules`).toBeDefined();
        expect(rule!.source, `${fault.name}: ${id}`).toBe('contract');
        expect(rule!.interface, `${fault.name}: ${id}`).toBe(fault.interface);
      }
    }
  });

  it('covers every interface', () => {
    for (const name of ['ledger-query', 'status', 'verify']) expect(FAULTS.some((f) => f.interface === name), name).toBe(true);
  });
});
