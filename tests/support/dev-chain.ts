// A development chain for the project's tests: the anvil binary of the @foundry-rs/anvil package
// (installed by npm ci, nothing downloaded at run time) on a loopback port of its own choosing, up
// within a bound; and a deployment on it from its first unlocked account, through the suite's own
// JSON-RPC caller.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { awaitReceipt } from '../../src/chain/await-receipt.ts';
import { jsonRpc } from '../../src/chain/json-rpc.ts';
import { sendCreation } from '../../src/chain/send-creation.ts';

const START_TIMEOUT_MS = 15_000;

export interface DevChain {
  url: string;
  close(): Promise<void>;
}

/** The binary of the platform package the wrapper package depends on, or why there is none. */
function anvilBinary(): string | { reason: string } {
  const platform = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  try {
    return join(dirname(createRequire(import.meta.url).resolve(`${platform}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  } catch {
    return { reason: `${platform} is not installed (npm ci installs it where the platform has one)` };
  }
}

/**
 * The address anvil says it listens on (it picks the port: one picked here and closed for it could be
 * taken by another test's server first), or undefined once it has ended. Its output keeps being read.
 */
function listeningUrl(child: ChildProcess, exited: Promise<void>): Promise<string | undefined> {
  return new Promise((resolve) => {
    let said: string | undefined = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (said === undefined) return;
      said += chunk.toString();
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(said);
      if (!match) return;
      said = undefined;
      resolve(`http://${match[1]}`);
    });
    void exited.then(() => resolve(undefined));
  });
}

async function answersChainId(url: string): Promise<boolean> {
  try {
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}', signal: AbortSignal.timeout(1_000) });
    return answer.ok;
  } catch {
    return false;
  }
}

/** Starts anvil; resolves to the chain, or to the reason it could not start (the caller skips with it). */
export async function startDevChain(): Promise<DevChain | { reason: string }> {
  const binary = anvilBinary();
  if (typeof binary !== 'string') return binary;
  let child: ChildProcess;
  let failure = '';
  try {
    child = spawn(binary, ['--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return { reason: `anvil did not start: ${(error as Error).message}` };
  }
  child.stderr!.on('data', (chunk: Buffer) => (failure += chunk.toString()));
  child.on('error', (error) => (failure += error.message));
  // A binary that cannot run ends with 'error' and no 'exit'.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const until = Date.now() + START_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const url = await Promise.race([listeningUrl(child, exited), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), START_TIMEOUT_MS)))]);
  clearTimeout(timer);
  while (url && Date.now() < until && child.exitCode === null && !failure) {
    if (await answersChainId(url)) return { url, close };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  return { reason: `anvil did not answer${url ? ` on ${url}` : ''} within ${START_TIMEOUT_MS / 1000} s${failure ? `: ${failure.trim().split('\n')[0]}` : ''}` };
}

/** Deploys `creationInput` from the chain's first unlocked account; resolves to the contract's address and its creating transaction's hash. */
export async function deployOnDevChain(url: string, creationInput: string): Promise<{ address: string; hash: string }> {
  const rpc = jsonRpc(url);
  const [account] = await rpc.read<string[]>('eth_accounts');
  const hash = await sendCreation(rpc, { account: account! }, creationInput);
  const receipt = await awaitReceipt(rpc, hash, { pollMs: 50, timeoutMs: 10_000 });
  if (!receipt.contractAddress) throw new Error(`the deploying transaction ${hash} created no contract`);
  return { address: receipt.contractAddress, hash };
}
