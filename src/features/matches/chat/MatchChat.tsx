/**
 * The match chat on the match page: the two players and staff, oldest first, new messages live. Quick
 * phrases are one tap; free text (up to the database's limit) only when no player is under 18; a message
 * of the other side can be reported to staff. Shown to the players and staff only: anyone else is refused
 * by the database, and the section then renders nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatTimeIST } from '@/lib/format';
import { useMessages } from '@/lib/i18n/use-messages';
import { PAID_ENTRY_MIN_AGE } from '@/lib/rules';
import { MATCH_PAGE_WORDS, type MatchPageWords } from '../match-page-words';
import { ErrorText } from '../steps/ErrorText';
import { inputClass } from '../steps/input-class';
import type { ChatMessage, ChatRules, ChatSender } from './match-chat.api';
import { NOT_FOR_VIEWER, useMatchChat } from './use-match-chat';

type Names = { a: string; b: string };
type ChatWords = MatchPageWords['chat'];

export function MatchChat({ matchId, names }: { matchId: string; names: Names }) {
  const chat = useMatchChat(matchId);
  const { load } = chat;
  const w = useMessages(MATCH_PAGE_WORDS).chat;
  if (load.status === 'error' && load.message === NOT_FOR_VIEWER) return null;
  return (
    <section className="card border border-line p-4 sm:p-5" aria-labelledby="match-chat-title" data-match-chat>
      <h2 id="match-chat-title" className="text-lg font-bold">
        {w.title}
      </h2>
      {load.status === 'loading' && <p className="mt-2 text-sm text-mist">{w.loading}</p>}
      {load.status === 'error' && <ErrorText error={load.message} />}
      {load.status === 'ready' && (
        <>
          <p className="mt-1 text-sm text-mist">{w.lead}</p>
          <Thread
            messages={load.value.messages}
            rules={load.value.rules}
            names={names}
            onReport={chat.report}
            reportError={chat.reporting.error}
            w={w}
          />
          <Composer w={w} rules={load.value.rules} send={chat.send} busy={chat.sending.busy} error={chat.sending.error} />
        </>
      )}
    </section>
  );
}

function senderName(sender: ChatSender, mine: ChatSender, names: Names, w: ChatWords): string {
  if (sender === mine) return w.you;
  return sender === 'staff' ? w.staff : names[sender];
}

function Thread({
  messages,
  rules,
  names,
  onReport,
  reportError,
  w,
}: {
  w: ChatWords;
  messages: ChatMessage[];
  rules: ChatRules;
  names: Names;
  onReport: (messageId: number, reason: string) => Promise<boolean>;
  reportError: string | null;
}) {
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is the signal to scroll.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  if (count === 0) return <p className="mt-3 text-sm text-mist">{w.empty}</p>;
  return (
    <>
      <ol className="mt-3 flex max-h-72 flex-col gap-2 overflow-y-auto pr-1" aria-live="polite" data-chat-thread>
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            mine={message.sender === rules.side}
            who={senderName(message.sender, rules.side, names, w)}
            onReport={onReport}
            w={w}
          />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      <ErrorText error={reportError} />
    </>
  );
}

function MessageRow({
  message,
  mine,
  who,
  onReport,
  w,
}: {
  w: ChatWords;
  message: ChatMessage;
  mine: boolean;
  who: string;
  onReport: (messageId: number, reason: string) => Promise<boolean>;
}) {
  const [reported, setReported] = useState(false);
  return (
    <li
      className={`max-w-[85%] rounded-xl px-3 py-2 ${mine ? 'self-end bg-lime/15' : 'self-start bg-night'}`}
      data-chat-message={message.sender}
    >
      <p className="text-xs text-mist">
        <span className="font-semibold text-chalk">{who}</span> · {formatTimeIST(message.sent_at)}
      </p>
      <p className="break-words">{w.phrase(message.body)}</p>
      {!mine &&
        (reported ? (
          <p className="text-xs text-mist">{w.reported}</p>
        ) : (
          <button
            type="button"
            className="text-xs text-mist underline hover:text-lime"
            onClick={async () => {
              if (await onReport(message.id, '')) setReported(true);
            }}
          >
            {w.report}
          </button>
        ))}
    </li>
  );
}

function Composer({
  rules,
  send,
  busy,
  error,
  w,
}: {
  w: ChatWords;
  rules: ChatRules;
  send: (body: string) => Promise<boolean>;
  busy: boolean;
  error: string | null;
}) {
  const [text, setText] = useState('');
  if (!rules.open) return <p className="mt-3 text-sm text-mist">{w.closed}</p>;
  return (
    <div className="mt-3 flex flex-col gap-2">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{w.phrasesLegend}</legend>
        {rules.phrases.map((phrase) => (
          <Button key={phrase} tone="ghost" className="min-h-10 px-3 py-1 text-sm" disabled={busy} onClick={() => void send(phrase)}>
            {w.phrase(phrase)}
          </Button>
        ))}
      </fieldset>
      {rules.free_text ? (
        <form
          className="flex gap-2"
          onSubmit={async (event) => {
            event.preventDefault();
            if (text.trim() && (await send(text))) setText('');
          }}
        >
          <label className="sr-only" htmlFor="match-chat-text">
            {w.message}
          </label>
          <input
            id="match-chat-text"
            className={inputClass}
            value={text}
            maxLength={rules.max_length}
            placeholder={w.placeholder}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <Button tone="primary" type="submit" busy={busy} busyLabel={w.sending} disabled={!text.trim()}>
            {w.send}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-mist">{w.quickOnly(PAID_ENTRY_MIN_AGE)}</p>
      )}
      <ErrorText error={error} />
    </div>
  );
}
