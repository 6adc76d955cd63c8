/** Copies a value to the clipboard and says "copied" for two seconds; a refused clipboard says nothing. */
import { useEffect, useRef, useState } from 'react';

const COPIED_FOR_MS = 2000;

export function useCopy(value: string): { copied: boolean; copy: () => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
      },
      () => setCopied(false),
    );
  };
  return { copied, copy };
}
