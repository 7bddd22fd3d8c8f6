export class UsageError extends Error {
  override name = 'UsageError';
}
