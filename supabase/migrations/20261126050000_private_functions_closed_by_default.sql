-- Functions in `private` are the database's own helpers: players reach them only through the public functions
-- and policies that call them, and the few that row-level security calls keep their explicit grants. Each new
-- one must revoke PUBLIC's default execute right (a per-schema default cannot take back PostgreSQL's global
-- default); foundation-service-functions.test.ts lists any that did not. These did not.
revoke execute on all functions in schema private from public;
