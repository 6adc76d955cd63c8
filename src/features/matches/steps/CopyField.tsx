/** A room detail the guest types into eFootball, with a button that copies it. */
import { Button } from '@/components/ui/Button';
import { useCopy } from '@/lib/use-copy';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_WORDS } from '../match-words';

/** `name` is the field's name for tests and tools (the same in both languages), `label` the words shown. */
export function CopyField({ name, label, value }: { name: string; label: string; value: string }) {
  const { copied, copy } = useCopy(value);
  const w = useMessages(MATCH_WORDS).room;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-night/70 p-3">
      <div className="min-w-0">
        <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
        <dd className="truncate font-mono text-lg font-bold" data-room-value={name}>
          {value}
        </dd>
      </div>
      <Button tone="ghost" className="shrink-0" onClick={copy} aria-label={w.copy(label)}>
        {copied ? w.copied : w.copyButton}
      </Button>
    </div>
  );
}
