/** The two regular expressions a schema `pattern` needs: one to check, one to generate from. */

const checkers = new Map<string, RegExp>();

/** The pattern as ajv reads it (unicode flag, unanchored unless the pattern anchors itself). */
export function patternChecker(pattern: string): RegExp {
  let regex = checkers.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    checkers.set(pattern, regex);
  }
  return regex;
}

/**
 * A regex for `fc.stringMatching` whose every full match also matches the pattern: anchored, so
 * an unanchored pattern yields the bare match rather than arbitrary text around it, and without
 * `\b`, which fast-check cannot generate (callers still filter with `patternChecker`).
 */
export function generationRegex(pattern: string): RegExp {
  const withoutWordBoundaries = pattern.replace(/(?<!\\)\\b/g, '');
  return new RegExp(`^(?:${withoutWordBoundaries})$`);
}
