/**
 * The bracket of a tournament played in stages: groups then a knockout, Swiss, or double elimination.
 * Loaded on its own (React.lazy) only for those formats, so a knockout page never carries it.
 */
import type { Bracket } from '../brackets';
import { DoubleView } from './DoubleView';
import { GroupsView } from './GroupsView';
import type { FormatKind } from './stages';
import { SwissView } from './SwissView';

export type FormatStagesProps = {
  bracket: Bracket;
  format: FormatKind;
  myEntryId: string | null;
  /** Ids of the matches the player plays or played. */
  mine: ReadonlySet<string>;
};

export default function FormatStages({ bracket, format, myEntryId, mine }: FormatStagesProps) {
  switch (format) {
    case 'groups_knockout':
      return <GroupsView bracket={bracket} myEntryId={myEntryId} mine={mine} />;
    case 'swiss':
      return <SwissView bracket={bracket} myEntryId={myEntryId} mine={mine} />;
    case 'double_elimination':
      return <DoubleView bracket={bracket} myEntryId={myEntryId} mine={mine} />;
  }
}

export type StageViewProps = Omit<FormatStagesProps, 'format'>;
