-- =====================================================================================================
-- The deductor's TAN is set by the operator: no placeholder printed on a player's tax statement
-- =====================================================================================================
-- The migrations set the setting `deductor_tan` to a placeholder ("TANX00000X") that every tax statement printed
-- as if it were the company's TAN until someone replaced it. A hosted project now starts without a TAN (JSON
-- null): statements say it is not set, and the operator sets the real one (README, Settings). The local seed sets
-- a demo TAN. A TAN the operator already set is kept.
-- =====================================================================================================

update private.settings
   set value = 'null'::jsonb,
       note = 'The deductor''s TAN printed on every tax statement (10 characters, e.g. BLRG12345E). Null until the operator sets the company''s TAN: statements then say it is not set.'
 where key = 'deductor_tan' and value = '"TANX00000X"'::jsonb;
