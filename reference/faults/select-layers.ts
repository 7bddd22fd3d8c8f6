// Turns fault and behaviour names into the layers to apply: the behaviour first, then each fault in
// the order given. An unknown name is an error that lists the known ones.
import { BEHAVIOURS } from './behaviours.ts';
import { FAULTS } from './catalogue.ts';
import type { Layer } from './layer.ts';

export class UnknownLayerError extends Error {
  override name = 'UnknownLayerError';
}

export function selectLayers(opts: { faults?: string[]; behaviour?: string }): Layer[] {
  const layers: Layer[] = [];
  if (opts.behaviour !== undefined) {
    const set = BEHAVIOURS[opts.behaviour];
    if (!set) throw new UnknownLayerError(`unknown behaviour "${opts.behaviour}" (known: ${Object.keys(BEHAVIOURS).join(', ') || 'none'})`);
    layers.push(...set);
  }
  for (const name of opts.faults ?? []) {
    const fault = FAULTS.find((f) => f.name === name);
    if (!fault) throw new UnknownLayerError(`unknown fault "${name}" (known: ${FAULTS.map((f) => f.name).join(', ')})`);
    layers.push(fault);
  }
  return layers;
}
