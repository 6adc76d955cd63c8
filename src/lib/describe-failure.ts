/**
 * `errorText` for pages that only need it when a call fails: the error table (every refusal's sentence) is
 * a few kilobytes that a player's first visit should not pay for, so it loads on the first failure.
 */
export async function describeFailure(error: unknown, overrides?: Readonly<Record<string, string>>): Promise<string> {
  const { errorText } = await import('./error-text');
  return errorText(error, overrides);
}
