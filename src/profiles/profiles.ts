import { ConfigError } from '../config/run-config.ts';

/** A named set of targets: the three base URLs and the chain used for verification submissions. */
export interface Profile {
  name: string;
  description: string;
  baseUrl: string;
  statusUrl: string;
  verifyUrl: string;
  verifyChainId: string;
}

/**
 * `npm run serve` picks a free port unless given one (reference/main.ts), so the local profile names
 * the port of the contract document's default server: start it with `npm run serve -- --port 8080`.
 */
const LOCAL_REFERENCE_PORT = 8080;

// The public networks share the status page and the verifier; only the query host and the chain differ.
const STATUS = 'https://status.hedera.com/api/v2';
const VERIFY = 'https://sourcify.dev/server';

function publicNetwork(name: string, chainId: string): Profile {
  return {
    name,
    description: `public ${name} (chain ${chainId})`,
    baseUrl: `https://${name}.mirrornode.hedera.com`,
    statusUrl: STATUS,
    verifyUrl: VERIFY,
    verifyChainId: chainId,
  };
}

export const PROFILES: readonly Profile[] = [
  publicNetwork('mainnet', '295'),
  publicNetwork('testnet', '296'),
  publicNetwork('previewnet', '297'),
  {
    name: 'local',
    description: `the reference server of \`npm run serve -- --port ${LOCAL_REFERENCE_PORT}\` (one port, three interfaces)`,
    baseUrl: `http://127.0.0.1:${LOCAL_REFERENCE_PORT}`,
    statusUrl: `http://127.0.0.1:${LOCAL_REFERENCE_PORT}/status/api/v2`,
    verifyUrl: `http://127.0.0.1:${LOCAL_REFERENCE_PORT}`,
    verifyChainId: '296',
  },
];

export function findProfile(name: string): Profile {
  const profile = PROFILES.find((p) => p.name === name);
  if (!profile) throw new ConfigError(`unknown profile "${name}" (profiles: ${PROFILES.map((p) => p.name).join(', ')})`);
  return profile;
}
