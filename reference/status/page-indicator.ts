// The page-wide rollup (status.json): the worst of the component statuses and of the impacts of the
// unresolved incidents, mapped onto the four indicator values of the contract.
import type { Component, Incident } from '../../fixtures/status/status-types.ts';

export type Indicator = 'none' | 'minor' | 'major' | 'critical';

const ORDER: readonly Indicator[] = ['none', 'minor', 'major', 'critical'];

const BY_COMPONENT_STATUS: Record<Component['status'], Indicator> = {
  operational: 'none',
  degraded_performance: 'minor',
  partial_outage: 'major',
  major_outage: 'critical',
};

const BY_IMPACT: Record<Incident['impact'], Indicator> = {
  none: 'none',
  minor: 'minor',
  major: 'major',
  critical: 'critical',
  maintenance: 'none',
};

const DESCRIPTIONS: Record<Indicator, string> = {
  none: 'All Systems Operational',
  minor: 'Minor Service Outage',
  major: 'Partial System Outage',
  critical: 'Major Service Outage',
};

export function pageIndicator(components: Component[], unresolvedIncidents: Incident[]): { indicator: Indicator; description: string } {
  const candidates = [
    ...components.map((c) => BY_COMPONENT_STATUS[c.status]),
    ...unresolvedIncidents.map((i) => BY_IMPACT[i.impact]),
  ];
  const indicator = candidates.reduce<Indicator>((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'none');
  return { indicator, description: DESCRIPTIONS[indicator] };
}
