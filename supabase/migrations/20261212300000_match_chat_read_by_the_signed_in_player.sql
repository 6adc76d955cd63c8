-- =====================================================================================================
-- The match chat's row security reads the signed-in player as every other table does
-- =====================================================================================================
-- The policy on public.match_messages asked private.may_read_match_chat, which read the caller from
-- auth.uid(). A player who enrolled an authenticator app but signed in with the first step only (aal1)
-- still has an auth.uid(), so their half-signed-in session read the chat of their matches over REST, and
-- Realtime (which delivers a row only to subscribers the same policy shows it to) pushed them every new
-- message. Every other table compares with private.current_player_id(), which is null for such a session.
--
-- private.may_read_match_chat(uuid)   the caller is private.current_player_id(): no rows without the second
--                                     step once a factor is enrolled, nor for an erased account.
-- =====================================================================================================

CREATE OR REPLACE FUNCTION private.may_read_match_chat(p_match_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select private.may_see_match((select private.current_player_id()), p_match_id) $function$;
comment on function private.may_read_match_chat(uuid) is 'Row security of the match chat (REST and Realtime): the two players and staff acting in the tournament, read from private.current_player_id() so a first-step session of a player with an authenticator app sees nothing.';
