/** A room detail the guest types into eFootball, with a button that copies it. */
import { Button } from '@/components/ui/Button';
import { useCopy } from '@/lib/use-copy';

export function CopyField({ label, value }: { label: string; value: string }) {
  const { copied, copy } = useCopy(value);
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-night/70 p-3">
      <div className="min-w-0">
        <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
        <dd className="truncate font-mono text-lg font-bold" data-room-value={label}>
          {value}
        </dd>
      </div>
      <Button tone="ghost" className="shrink-0" onClick={copy} aria-label={`Copy the ${label.toLowerCase()}`}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}
