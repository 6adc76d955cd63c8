/**
 * The axe rules of a tag set that can report a serious or critical violation, read from the metadata of
 * the axe-core that @axe-core/playwright injects into the page. A sweep that fails only on serious or
 * critical violations runs these alone: a rule whose every check is minor or moderate (or which says so
 * itself, like `region` or `heading-order`) can never fail it, and walking the page for it costs as much as
 * for any other rule. The sweep's assertion is unchanged; a new axe-core version is read afresh.
 */
import { createRequire } from 'node:module';

type Check = { id: string };
type AxeInternals = {
  _audit: {
    rules: { id: string; tags: string[]; impact?: string; any: Check[]; all: Check[]; none: Check[] }[];
    checks: Record<string, { impact?: string } | undefined>;
    /** Tags a tag run leaves out unless it names them (experimental and deprecated rules). */
    tagExclude: string[];
  };
};

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'];

// The copy @axe-core/playwright itself loads, so the rule list matches what runs in the page.
const axe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as AxeInternals;

/** The highest impact a rule can report: its own when it states one (it then overrides its checks'), else its checks' highest. */
function highestImpact(rule: AxeInternals['_audit']['rules'][number]): number {
  if (rule.impact) return IMPACTS.indexOf(rule.impact);
  const checks = [...rule.any, ...rule.all, ...rule.none];
  return Math.max(-1, ...checks.map((check) => IMPACTS.indexOf(axe._audit.checks[check.id]?.impact ?? 'critical')));
}

/**
 * The ids of the rules a run with `withTags(tags)` runs (axe's own selection: any of the tags, and none of
 * the tags it leaves out unless named, such as experimental rules) that can report a serious or critical violation.
 */
export function rulesThatCanBeSerious(tags: string[]): string[] {
  const leftOut = axe._audit.tagExclude.filter((tag) => !tags.includes(tag));
  const runByTags = (rule: { tags: string[] }) =>
    rule.tags.some((tag) => tags.includes(tag)) && !rule.tags.some((tag) => leftOut.includes(tag));
  return axe._audit.rules.filter((rule) => runByTags(rule) && highestImpact(rule) >= IMPACTS.indexOf('serious')).map((rule) => rule.id);
}
