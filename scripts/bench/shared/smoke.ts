/**
 * `--smoke` (what `npm test` runs, through `npm run bench -- --smoke`): every section runs a few iterations of
 * its work on a small tournament, so a section that crashes or whose checks fail is seen at once. Its figures
 * and budgets are printed, but a missed budget does not fail it: small runs on a shared machine say nothing
 * about speed. Without the flag, a section measures at full size and a missed budget fails it.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** The section's own options plus `--smoke`; answers the values, each option at its smoke default under `--smoke`. */
export function benchOptions<T extends Record<string, { full: string; smoke: string }>>(options: T) {
  const config: ParseArgsOptionsConfig = { smoke: { type: 'boolean', default: false } };
  for (const name of Object.keys(options)) config[name] = { type: 'string' };
  const { values } = parseArgs({ options: config });
  const smoke = values.smoke === true;
  const chosen = Object.fromEntries(
    Object.entries(options).map(([name, defaults]) => [
      name,
      (values[name] as string | undefined) ?? (smoke ? defaults.smoke : defaults.full),
    ]),
  ) as { [K in keyof T]: string };
  return { smoke, values: chosen };
}

/** The word a budget's verdict line starts with. */
export const verdict = (within: boolean) => (within ? 'PASS' : 'OVER');
