/**
 * The match chat's data: the thread and the viewer's rules, read again whenever a message arrives, and the
 * send and report actions. A viewer who is neither player nor staff is refused by the database: the chat
 * then stays hidden (`hidden`), as the room does.
 */
import { useCallback, useEffect } from 'react';
import { useAction, useLoad } from '@/lib/use-island-data';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./match-chat.api'));

/** The failure sentence of a viewer the chat is not for: an empty one, which the island renders as nothing. */
export const NOT_FOR_VIEWER = '';
const NOT_FOR_VIEWER_HINTS = { not_your_match: NOT_FOR_VIEWER, not_signed_in: NOT_FOR_VIEWER };

export function useMatchChat(matchId: string) {
  const [load, reload] = useLoad(() => api().then((chat) => chat.fetchChat(matchId)), matchId, NOT_FOR_VIEWER_HINTS);
  const sending = useAction();
  const reporting = useAction();

  useEffect(() => {
    let stop = () => {};
    let stopped = false;
    void api().then((chat) => {
      if (!stopped) stop = chat.watchChat(matchId, reload);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [matchId, reload]);

  const send = useCallback(
    async (body: string) => {
      const sent = await sending.run(() => api().then((chat) => chat.sendMessage(matchId, body)));
      if (sent) reload();
      return sent !== undefined;
    },
    [matchId, reload, sending],
  );

  const report = useCallback(
    async (messageId: number, reason: string) => {
      const done = await reporting.run(() =>
        api()
          .then((chat) => chat.reportMessage(messageId, reason))
          .then(() => true),
      );
      return done === true;
    },
    [reporting],
  );

  return { load, send, sending, report, reporting };
}
