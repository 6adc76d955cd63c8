-- =====================================================================================================
-- get_tournament_slots() goes
-- =====================================================================================================
-- Every page reads entries and capacity from get_tournament_state(s), which also knows pods and the
-- status; nothing calls the older list of every tournament's filled slots any more.

drop function public.get_tournament_slots();
