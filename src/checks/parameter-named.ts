/**
 * Does an error message name the parameter? Matching is lenient on purpose (case, dots and
 * underscores, and the internal names services use for path segments), never on exact wording.
 */
export function messageNamesParameter(message: string, parameter: string, aliases: string[] = []): boolean {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const text = squash(message);
  return [parameter, ...aliases].some((name) => squash(name).length > 0 && text.includes(squash(name)));
}
