// The verifier's reads of a chain through JSON-RPC over HTTP (serve --verify-rpc). The reference
// server's own, apart from the suite's caller: the two programs share only the interfaces' contract.
// Reads alone, so a read that met no answer or HTTP 429/5xx is tried once more; each is bounded in time.

/** Bound of one read: a development chain answers at once, and a silent one must not hold a verification job. */
const READ_TIMEOUT_MS = 10_000;

export interface ChainTransaction {
  hash: string;
  /** null for a contract creation. */
  to: string | null;
  input: string;
}

export interface ChainReader {
  chainId(): Promise<bigint>;
  blockNumber(): Promise<bigint>;
  /** Runtime code at `address` ('0x' for none), at the latest block or at `block`. */
  code(address: string, block?: bigint): Promise<string>;
  /** The transactions of block `block`, in full. */
  blockTransactions(block: bigint): Promise<ChainTransaction[]>;
  transaction(hash: string): Promise<ChainTransaction | null>;
  receipt(hash: string): Promise<{ contractAddress: string | null } | null>;
}

/** An answer that keeps a read from its result, in one line; `retry` for one a second attempt may not meet. */
class ReadFailure extends Error {
  constructor(message: string, readonly retry = false) {
    super(message);
  }
}

let lastId = 0;

async function readOnce(url: string, method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
  let answer: Response;
  let text: string;
  try {
    answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++lastId, method, params }), signal: AbortSignal.timeout(timeoutMs) });
    text = await answer.text();
  } catch (error) {
    // fetch rejects with "fetch failed" and the socket's error as its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ReadFailure((error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : `no answer (${cause?.message || cause?.code || (error as Error).message})`, true);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { result?: unknown; error?: { code?: unknown; message?: unknown } }) : undefined;
  // The node's error object says more than the HTTP status some nodes send it with.
  if (envelope?.error && typeof envelope.error === 'object') {
    const { code, message } = envelope.error;
    throw new ReadFailure(`${typeof message === 'string' && message ? message.split('\n')[0] : 'no message'} (JSON-RPC error ${String(code)})`);
  }
  if (!answer.ok) throw new ReadFailure(`HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`, answer.status === 429 || answer.status >= 500);
  if (body === undefined) throw new ReadFailure(`the answer (HTTP ${answer.status}) is not JSON`);
  if (!envelope || !('result' in envelope)) throw new ReadFailure(`the answer (HTTP ${answer.status}) is not a JSON-RPC response: it has neither result nor error`);
  return envelope.result;
}

async function read<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  try {
    return (await readOnce(url, method, params, timeoutMs)) as T;
  } catch (error) {
    if (!(error as ReadFailure).retry) throw error;
    return (await readOnce(url, method, params, timeoutMs)) as T;
  }
}

function quantity(value: unknown, method: string): bigint {
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return BigInt(value);
  throw new ReadFailure(`${method} answered ${String(JSON.stringify(value)).slice(0, 80)}, not a quantity`);
}

const blockTag = (block: bigint | undefined) => (block === undefined ? 'latest' : `0x${block.toString(16)}`);

/** The reads of the node at `url`; `timeoutMs` bounds each attempt. */
export function chainReader(url: string, timeoutMs = READ_TIMEOUT_MS): ChainReader {
  return {
    chainId: async () => quantity(await read(url, 'eth_chainId', [], timeoutMs), 'eth_chainId'),
    blockNumber: async () => quantity(await read(url, 'eth_blockNumber', [], timeoutMs), 'eth_blockNumber'),
    code: async (address, block) => (await read<string | null>(url, 'eth_getCode', [address, blockTag(block)], timeoutMs)) ?? '0x',
    async blockTransactions(block) {
      const found = await read<{ transactions?: ChainTransaction[] } | null>(url, 'eth_getBlockByNumber', [blockTag(block), true], timeoutMs);
      return found?.transactions ?? [];
    },
    transaction: (hash) => read(url, 'eth_getTransactionByHash', [hash], timeoutMs),
    receipt: (hash) => read(url, 'eth_getTransactionReceipt', [hash], timeoutMs),
  };
}
