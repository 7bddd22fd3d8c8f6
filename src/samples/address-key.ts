/**
 * One contract address of a verification target: its chain and the address in lower case (the
 * contract takes the address in any letter case). Turns hold such keys (src/samples/turn-holds.ts).
 */
export function addressKey(chainId: string, address: string): string {
  return `${chainId}/${address.toLowerCase()}`;
}
