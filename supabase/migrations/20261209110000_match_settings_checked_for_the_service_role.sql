-- The catalog sync writes series and editions as the service role, whose statements evaluate the match
-- settings' check constraints: the role may run that one check (and only that one) of the private schema.
grant usage on schema private to service_role;
grant execute on function private.match_settings_valid(jsonb) to service_role;
