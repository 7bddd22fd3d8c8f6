// The one media type the contract call reads its body as: application/json, whatever its parameters
// or letter case. Any other answers 415 before the body is read.
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}
